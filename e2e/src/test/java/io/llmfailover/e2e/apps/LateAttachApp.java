package io.llmfailover.e2e.apps;

import com.sun.tools.attach.VirtualMachine;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;

/**
 * An app that makes its JDK HttpClient first and only then has the agent attached to itself (the
 * agentmain path), then calls with that client: its classes were loaded before the agent, so
 * only a retransformation governs them. Args: agent jar, agent arguments, base URL of the provider.
 * Needs {@code -Djdk.attach.allowAttachSelf=true}.
 */
public final class LateAttachApp {

    private LateAttachApp() {}

    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        VirtualMachine self = VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
        try {
            self.loadAgent(args[0], args[1]);
        } finally {
            self.detach();
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(args[2] + "/chat/completions"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer sk-app-e2e-late-attach")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}"))
                .build();
        var response = client.send(request, BodyHandlers.ofString());
        System.out.println("STATUS " + response.statusCode() + " " + response.body().replace('\n', ' '));
        System.out.println("DONE");
    }
}
