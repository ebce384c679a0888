package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The smallest app there is, for the agent's start-up cost: prints hello and its resident memory
 * ({@code VmRSS} of {@code /proc/self/status}) and exits. With {@code client} it first creates an
 * {@link HttpClient} (and sends nothing); given a URL, it first makes one call with it, so the figure
 * includes instrumenting the client and the first governed call.
 */
public final class HelloApp {

    private HelloApp() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("client")) {
            HttpClient client = HttpClient.newHttpClient();
            System.out.println("client=" + client.version());
        } else if (args.length > 0) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(args[0]))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\","
                            + "\"content\":\"hello\"}]}"))
                    .build();
            int status = HttpClient.newHttpClient().send(request, BodyHandlers.ofString()).statusCode();
            System.out.println("status=" + status);
        }
        System.out.println("HELLO rssKb=" + residentKilobytes() + " java=" + System.getProperty("java.runtime.version"));
    }

    private static long residentKilobytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
