package io.llmfailover.e2e;

import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import java.util.stream.Collectors;

/**
 * One cell of the fault matrix as it ran: the client, the fault, what the app printed for it, how
 * long its call took, and the providers' request counts.
 */
record FaultCell(ClientCall client, Fault fault, AppOutput output, long millis, FaultServer server) {

    /** Lines longer than this are cut in failure messages: a 10 MB answer is one line. */
    private static final int LINE_LIMIT = 2000;

    Result result() {
        return output.result(1).orElseThrow(() -> new AssertionError("the call has no result" + describe()));
    }

    Error error() {
        return output.errors().stream().filter(e -> e.call() == 1).findFirst()
                .orElseThrow(() -> new AssertionError("no error reached the app" + describe()));
    }

    int requests(String role) {
        return server.requests(fault.cell(), role);
    }

    /** Whether a request {@code role} received carries {@code secret}: in its path, a header, or its body. */
    boolean carried(String role, String secret) {
        return server.received(fault.cell(), role).stream().anyMatch(request -> request.path().contains(secret)
                || request.headers().values().stream().anyMatch(value -> value.contains(secret)) || request.body().contains(secret));
    }

    /** The agent's name for this cell's provider {@code role}, as {@code x-llm-failover-provider} gives it. */
    String provider(String role) {
        return fault.cell() + "-" + role;
    }

    String describe() {
        return "\n--- cell: " + client + " x " + fault.label + " (" + millis + " ms)"
                + "\n--- requests: primary=" + requests(Fault.Roles.PRIMARY) + " backup=" + requests(Fault.Roles.BACKUP)
                + " elsewhere=" + requests(Fault.Roles.ELSEWHERE)
                + "\n--- app output" + output.stdoutLines().stream()
                        .map(line -> line.length() > LINE_LIMIT ? line.substring(0, LINE_LIMIT) + "…" : line)
                        .collect(Collectors.joining("\n", "\n", "\n"))
                + "--- agent log (whole run)\n" + String.join("\n", output.stderrLines());
    }
}
