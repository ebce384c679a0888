package io.llmfailover.e2e.apps;

import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Many concurrent calls from virtual threads (JDK 21+), half through the JDK HttpClient and half
 * through OkHttp, while a {@link PinnedCarrierRecording} runs. Prints a RESULT line per call and
 * {@code PINNED count=N agent=M} where M counts pins with an agent frame on the stack.
 *
 * <p>Args: base URL, API key, number of calls. Compiled for Java 17, so virtual threads are reached
 * by reflection.
 */
public final class VirtualThreadsApp {

    private static final String BODY = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private VirtualThreadsApp() {}

    public static void main(String[] args) throws Exception {
        String baseUrl = args[0];
        String key = args[1];
        int calls = Integer.parseInt(args[2]);
        HttpClient jdk = HttpClient.newHttpClient();
        OkHttpClient okHttp = new OkHttpClient.Builder().build();
        // Warm up first, on a virtual thread: a virtual thread waiting for another to initialise a
        // class is pinned, which says nothing about how the agent waits for the network.
        ExecutorService warmUp = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        warmUp.submit(() -> {
            for (int call = 1; call <= 4; call++) {
                call(jdk, okHttp, baseUrl, key, -call);
            }
        }).get(60, TimeUnit.SECONDS);
        warmUp.shutdown();
        try (PinnedCarrierRecording pinned = PinnedCarrierRecording.start()) {
            runCalls(jdk, okHttp, baseUrl, key, calls);
            pinned.stopAndReport();
        }
        Report.line("DONE");
    }

    private static void runCalls(HttpClient jdk, OkHttpClient okHttp, String baseUrl, String key, int calls)
            throws Exception {
        Method newVirtualThreadPerTaskExecutor = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
        List<Future<?>> done = new ArrayList<>();
        ExecutorService executor = (ExecutorService) newVirtualThreadPerTaskExecutor.invoke(null);
        try {
            for (int call = 1; call <= calls; call++) {
                int number = call;
                done.add(executor.submit(() -> call(jdk, okHttp, baseUrl, key, number)));
            }
            for (Future<?> future : done) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdown();
        }
    }

    /** Even calls go through the JDK client, odd ones through OkHttp; warm-up calls are numbered below 0. */
    private static void call(HttpClient jdk, OkHttpClient okHttp, String baseUrl, String key, int number) {
        try {
            if (number % 2 == 0) {
                callWithJdk(jdk, baseUrl, key, number);
            } else {
                callWithOkHttp(okHttp, baseUrl, key, number);
            }
        } catch (Exception failure) {
            Report.error(number, failure);
        }
    }

    private static void callWithJdk(HttpClient client, String baseUrl, String key, int call) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(BODY))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        Report.result(call, response.statusCode(), response.headers().firstValue("x-llm-failover-provider").orElse(null),
                ContentField.in(response.body()));
    }

    private static void callWithOkHttp(OkHttpClient client, String baseUrl, String key, int call) throws Exception {
        Request request = new Request.Builder()
                .url(baseUrl + "/chat/completions")
                .header("Authorization", "Bearer " + key)
                .post(RequestBody.create(BODY, MediaType.get("application/json")))
                .build();
        try (Response response = client.newCall(request).execute()) {
            Report.result(call, response.code(), response.header("x-llm-failover-provider"),
                    ContentField.in(response.body().string()));
        }
    }
}
