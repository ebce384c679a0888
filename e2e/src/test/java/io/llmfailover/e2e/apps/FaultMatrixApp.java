package io.llmfailover.e2e.apps;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Runs one unmodified app once per cell, in this one JVM (where the agent's state lives): the
 * cells of the fault matrix, or FailoverTest's scenarios. {@code <app class> <api key>
 * <blocking|stream> <cell>=<base url>[ <call plan>] ...}: one call per cell unless a plan is given.
 * Around each run it prints {@code CELL fault=<cell>} and {@code CELL-END fault=<cell> millis=<n>},
 * the time the app's run took. A cell whose name ends with {@link AppArgs#FOLLOWING_REDIRECTS_CELL}
 * runs with {@value AppArgs#FOLLOW_REDIRECTS_PROPERTY} set: its app builds a client that follows redirects.
 *
 * <p>An app whose {@code main} must end the JVM (Reactor Netty's threads are not daemons) offers
 * {@code run(String[])} for this, and this app exits once every cell ran.
 */
public final class FaultMatrixApp {

    private FaultMatrixApp() {}

    public static void main(String[] args) throws Exception {
        Method app = entryPoint(Class.forName(args[0]));
        for (int i = 3; i < args.length; i++) {
            String[] cell = args[i].split("=", 2);
            String[] urlAndPlan = cell[1].split(" ", 2);
            String plan = urlAndPlan.length == 2 ? urlAndPlan[1] : "1";
            System.setProperty(AppArgs.FOLLOW_REDIRECTS_PROPERTY,
                    String.valueOf(cell[0].endsWith(AppArgs.FOLLOWING_REDIRECTS_CELL)));
            Report.line("CELL fault=" + cell[0]);
            long started = System.nanoTime();
            try {
                app.invoke(null, (Object) new String[] {urlAndPlan[0], args[1], args[2], plan});
            } catch (InvocationTargetException e) {
                Report.line("APP-FAILED " + Report.oneLine(String.valueOf(e.getCause())));
            }
            Report.line("CELL-END fault=" + cell[0] + " millis=" + (System.nanoTime() - started) / 1_000_000);
        }
        Report.line("MATRIX-DONE");
        System.exit(0);
    }

    static Method entryPoint(Class<?> app) throws NoSuchMethodException {
        try {
            return app.getMethod("run", String[].class);
        } catch (NoSuchMethodException noRun) {
            return app.getMethod("main", String[].class);
        }
    }
}
