package io.llmfailover.e2e.apps;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import okio.Okio;
import okio.Source;

/**
 * An older app on OkHttp 3.x, calling an OpenAI-compatible endpoint and reading streams line by
 * line, or uploading a large file as a multipart body. It runs on a class path of its own (OkHttp 3.14 and Okio 1.x), so it names only API that
 * OkHttp 3 has. Args: see {@link AppArgs}.
 */
public final class OkHttp3App {

    private static final MediaType JSON = MediaType.parse("application/json");

    private final OkHttpClient http;
    private final AppArgs app;

    /** OkHttp follows redirects by default; following on sets {@code followRedirects} and {@code followSslRedirects} all the same. */
    private OkHttp3App(AppArgs app) {
        OkHttpClient.Builder http = new OkHttpClient.Builder().readTimeout(30, TimeUnit.SECONDS);
        if (app.followsRedirects()) {
            http.followRedirects(true).followSslRedirects(true);
        }
        this.http = http.build();
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        OkHttp3App okApp = new OkHttp3App(AppArgs.parse(args));
        Report.line("LIBRARY name=okhttp jar=" + jarOf(OkHttpClient.class) + " works=true");
        okApp.app.plan().run(okApp::call);
        Report.done();
        okApp.http.dispatcher().executorService().shutdown();
        okApp.http.connectionPool().evictAll();
    }

    private void call(int number) {
        if (app.uploading()) {
            upload(number);
            return;
        }
        Request.Builder builder = new Request.Builder()
                .url(app.baseUrl() + "/chat/completions")
                .header("Authorization", "Bearer " + app.apiKey())
                .post(RequestBody.create(JSON, ChatExchange.requestBody(app.streaming())));
        AppArgs.routeHeader(builder::header);
        Request request = builder.build();
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                Report.error(number, "HttpStatus", String.valueOf(response.code()), null, response.body().string());
                return;
            }
            String provider = response.header(JdkHttpClientApp.PROVIDER_HEADER);
            if (app.streaming()) {
                Report.result(number, response.code(), provider, readStream(number, response));
            } else {
                Report.result(number, response.code(), provider, ContentField.in(response.body().string()));
            }
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        }
    }

    /** OkHttp's own multipart body, its file part a request body that streams from an input stream. */
    private void upload(int number) {
        RequestBody file = new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.parse("application/octet-stream");
            }

            @Override
            public long contentLength() {
                return GeneratedUpload.SIZE;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                try (Source content = Okio.source(GeneratedUpload.content())) {
                    sink.writeAll(content);
                }
            }
        };
        Request.Builder withRoute = new Request.Builder();
        AppArgs.routeHeader(withRoute::header);
        Request request = withRoute
                .url(app.filesUrl())
                .header("Authorization", "Bearer " + app.apiKey())
                .post(new MultipartBody.Builder(GeneratedUpload.BOUNDARY)
                        .setType(MultipartBody.FORM)
                        .addFormDataPart(GeneratedUpload.PART_NAME, GeneratedUpload.FILENAME, file)
                        .build())
                .build();
        try (Response response = http.newCall(request).execute()) {
            ChatExchange.reportUpload(number, response.code(), response.body().string());
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        }
    }

    private static String readStream(int number, Response response) throws IOException {
        StringBuilder content = new StringBuilder();
        int index = 0;
        BufferedReader lines = new BufferedReader(response.body().charStream());
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.startsWith("data:")) {
                continue;
            }
            String data = line.substring("data:".length()).trim();
            if (data.equals("[DONE]")) {
                break;
            }
            String text = ContentField.in(data);
            if (text != null) {
                Report.chunk(number, index++, text);
                content.append(text);
            }
        }
        return content.toString();
    }

    private static String jarOf(Class<?> type) {
        String path = type.getProtectionDomain().getCodeSource().getLocation().getPath();
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
