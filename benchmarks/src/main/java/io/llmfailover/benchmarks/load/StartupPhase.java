package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.util.List;

/**
 * The start-up rows of the load run: hello-world apps with and without the agent ({@link
 * StartupProbe}), one creating a JDK {@code HttpClient}, one making a governed call with it, and
 * the OpenAI SDK's making one chat call on OkHttp; each call's span checked at the collector.
 */
final class StartupPhase {

    private final ResultsTable table;
    private final int runs;

    StartupPhase(ResultsTable table, int runs) {
        this.table = table;
        this.runs = runs;
    }

    /** @param sdkChildren children on the OpenAI SDK's class path */
    void run(ChildProcess children, ChildProcess sdkChildren, StubProviders stubs, Arm agent, int sinkPort)
            throws IOException, InterruptedException {
        System.out.println("== start-up: hello-world apps, " + runs + " runs each way, interleaved");
        StartupProbe probe = new StartupProbe(children, runs, sinkPort);
        StartupProbe.Startup[] client = probe.measure(agent, HelloApp.class, List.of("client"));
        StartupProbe.Startup[] firstCall = probe.measure(agent, HelloApp.class,
                List.of(stubs.chatUrl(StubProviders.Name.HAPPY)));
        StartupProbe.Startup[] sdkCall = new StartupProbe(sdkChildren, runs, sinkPort).measure(agent, SdkHelloApp.class,
                List.of(stubs.baseUrl(StubProviders.Name.HAPPY)));
        table.addedMillis("Start-up, hello world creating an HttpClient (process wall time, median)",
                client[0].wallMillis(), client[1].wallMillis(), 100.0);
        firstCallRows("hello world making one governed call, JDK HttpClient", firstCall);
        firstCallRows("OpenAI SDK (openai-java on OkHttp) hello world making one governed chat call", sdkCall);
        table.addedMegabytes("Resident memory, hello world creating an HttpClient (VmRSS at end of main, median)",
                client[0].residentMegabytes(), client[1].residentMegabytes());
        table.addedMegabytes("Resident memory, hello world making one governed call",
                firstCall[0].residentMegabytes(), firstCall[1].residentMegabytes());
        table.addedMegabytes("Resident memory, OpenAI SDK hello world making one governed call",
                sdkCall[0].residentMegabytes(), sdkCall[1].residentMegabytes());
        System.out.printf("   creating an HttpClient: %.0f -> %.0f ms; one governed call: %.0f -> %.0f ms; the OpenAI SDK's"
                + " one call: %.0f -> %.0f ms; spans exported by %d of %d and %d of %d runs%n", client[0].wallMillis(),
                client[1].wallMillis(), firstCall[0].wallMillis(), firstCall[1].wallMillis(), sdkCall[0].wallMillis(),
                sdkCall[1].wallMillis(), firstCall[1].exported(), firstCall[1].runs(), sdkCall[1].exported(),
                sdkCall[1].runs());
    }

    private void firstCallRows(String app, StartupProbe.Startup[] startup) {
        table.addedMillis("Start-up, " + app + " (process wall time, median)", startup[0].wallMillis(),
                startup[1].wallMillis(), 300.0);
        table.check("The first call's span reached the collector, " + app + " (runs whose exit brought new traces)",
                startup[1].exported() + " of " + startup[1].runs(), startup[1].exported() == startup[1].runs());
    }
}
