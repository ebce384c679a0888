package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Makes the first calls of one unmodified app at once, in one cold JVM: {@code <app class> <api key>
 * <blocking|stream> <base url> <base url> ...}. Each base URL gets a thread of its own, which runs
 * the app once (its own client, one call); the calls start together, once every thread's app has
 * built its client, so that a call's time holds no other thread's start. The call to the n-th URL is
 * call number n in the app's report, so the calls report apart. {@code -De2e.call-times=true} has
 * each call's time printed ({@link CallPlan#CALL_TIMES_PROPERTY}); with {@value #START_LINE_PROPERTY},
 * the calls start only once the test lets every child run beside this one go.
 */
public final class FirstCallsApp {

    /** A JVM option: the loopback port of the test's start line, which says when the calls start. */
    public static final String START_LINE_PROPERTY = "e2e.start-line";

    /** How long a thread waits for the others' clients: one whose app failed to build its client never comes. */
    private static final long CLIENTS_BUILT_SECONDS = 20;

    private FirstCallsApp() {}

    public static void main(String[] args) throws Exception {
        Method app = FaultMatrixApp.entryPoint(Class.forName(args[0]));
        CyclicBarrier clientsBuilt = new CyclicBarrier(args.length - 3, FirstCallsApp::awaitTheStartLine);
        List<Thread> callers = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            int number = i - 2;
            String[] appArgs = {args[i], args[1], args[2], "1"};
            Thread caller = new Thread(() -> {
                CallPlan.startOnThisThread(number, () -> awaitTheOthers(clientsBuilt, number));
                try {
                    app.invoke(null, (Object) appArgs);
                } catch (InvocationTargetException e) {
                    Report.line("APP-FAILED call=" + number + " " + Report.oneLine(String.valueOf(e.getCause())));
                } catch (ReflectiveOperationException e) {
                    Report.line("APP-FAILED call=" + number + " " + Report.oneLine(String.valueOf(e)));
                }
            }, "first-call-" + number);
            callers.add(caller);
            caller.start();
        }
        for (Thread caller : callers) {
            caller.join();
        }
        Report.line("FIRST-CALLS-DONE");
        System.exit(0);
    }

    /** Holds this JVM's calls at the test's start line, if there is one, until the test lets them go. */
    private static void awaitTheStartLine() {
        Integer port = Integer.getInteger(START_LINE_PROPERTY);
        if (port == null) {
            return;
        }
        try (Socket line = new Socket(InetAddress.getLoopbackAddress(), port); InputStream go = line.getInputStream()) {
            line.setSoTimeout((int) TimeUnit.SECONDS.toMillis(CLIENTS_BUILT_SECONDS));
            go.read();
        } catch (IOException e) {
            Report.line("NOT-TOGETHER " + e);
        }
    }

    private static void awaitTheOthers(CyclicBarrier clientsBuilt, int number) {
        try {
            clientsBuilt.await(CLIENTS_BUILT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (BrokenBarrierException | TimeoutException e) {
            Report.line("NOT-TOGETHER call=" + number + " " + e);
        }
    }
}
