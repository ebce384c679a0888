package io.llmfailover.e2e.apps;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one unmodified app once per cell, in this one JVM (where the agent's state lives): the
 * cells of the fault matrix, or FailoverTest's scenarios. {@code <app class> <api key>
 * <blocking|stream> <cell>=<base url>[ <call plan>[ <option>...]] ...}: one call per cell unless a
 * plan is given; an option after the plan is the cell's own mode ({@code blocking} or {@code stream})
 * or a system property set for that cell's run only ({@code -D<name>=<value>}).
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
            String[] urlAndPlan = cell[1].split(" ");
            String plan = urlAndPlan.length > 1 ? urlAndPlan[1] : "1";
            String mode = args[2];
            List<String> cellProperties = new ArrayList<>();
            for (int option = 2; option < urlAndPlan.length; option++) {
                if (urlAndPlan[option].startsWith("-D")) {
                    String[] property = urlAndPlan[option].substring(2).split("=", 2);
                    System.setProperty(property[0], property[1]);
                    cellProperties.add(property[0]);
                } else {
                    mode = urlAndPlan[option];
                }
            }
            System.setProperty(AppArgs.FOLLOW_REDIRECTS_PROPERTY,
                    String.valueOf(cell[0].endsWith(AppArgs.FOLLOWING_REDIRECTS_CELL)));
            Report.line("CELL fault=" + cell[0]);
            long started = System.nanoTime();
            try {
                app.invoke(null, (Object) new String[] {urlAndPlan[0], args[1], mode, plan});
            } catch (InvocationTargetException e) {
                Report.line("APP-FAILED " + Report.oneLine(String.valueOf(e.getCause())));
            }
            Report.line("CELL-END fault=" + cell[0] + " millis=" + (System.nanoTime() - started) / 1_000_000);
            cellProperties.forEach(System::clearProperty);
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
