package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.MultipartParts.Part;
import io.llmfailover.e2e.UploadStub.Received;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.apps.AppArgs;
import io.llmfailover.e2e.apps.GeneratedUpload;
import java.util.List;
import java.util.Map;

/** What the tests check in a child app's output, with the whole run in every failure message. */
final class AppAssertions {

    private AppAssertions() {}

    static void assertCompleted(AppOutput output) {
        assertTrue(output.completed(), () -> "the app did not finish its calls normally" + output.describe());
    }

    /** Call 1 read {@code content}, delta by delta when streaming, as answered by {@code provider} (unless null). */
    static void assertCallOneAnswered(String provider, String content, List<String> chunks, boolean stream, AppOutput output) {
        assertCompleted(output);
        AppOutput.Result result = output.result(1).orElseThrow(() -> new AssertionError("call 1 has no result" + output.describe()));
        assertEquals(200, result.status(), output::describe);
        assertEquals(content, result.content(), output::describe);
        if (provider != null) {
            assertEquals(provider, result.provider(), () -> "x-llm-failover-provider" + output.describe());
        }
        if (stream) {
            assertEquals(chunks, output.chunks(1), output::describe);
        }
    }

    /** The one item of {@code items}, which must hold exactly one. */
    static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }

    /** The given calls succeeded with exactly what {@code stub} sends, chunk by chunk when streaming. */
    static void assertAnsweredBy(StubProvider stub, ClientCall client, AppOutput output, int... calls) {
        for (int call : calls) {
            Result result = output.result(call).orElseThrow(
                    () -> new AssertionError("call " + call + " has no result" + output.describe()));
            assertEquals(200, result.status(), () -> "status of call " + call + output.describe());
            assertEquals(stub.content(), result.content(), () -> "content of call " + call + output.describe());
            if (client.streams()) {
                assertEquals(stub.chunks(), output.chunks(call), () -> "chunks of call " + call + output.describe());
            }
        }
    }

    /** The given calls carry {@code x-llm-failover-provider: <stub's name>}, where the client can see it. */
    static void assertMarkedAsServedBy(StubProvider stub, ClientCall client, AppOutput output, int... calls) {
        if (!client.seesHeaders()) {
            return;
        }
        for (int call : calls) {
            assertEquals(stub.name(), output.result(call).map(Result::provider).orElse(null),
                    () -> "x-llm-failover-provider of call " + call + output.describe());
        }
    }

    /** The provider the app addressed got the app's own key, in the header the app's client sends it in. */
    static void assertAppCredential(ClientCall client, String appKey, LoggedRequest received, AppOutput output) {
        Map.Entry<String, String> credential = client.appCredential(appKey);
        assertEquals(credential.getValue(), received.getHeader(credential.getKey()),
                () -> "the app's credential" + (output == null ? "" : output.describe()));
    }

    /** The agent's own {@code x-llm-route} reached none of {@code stubs}, on any path. */
    static void assertNoRouteHeader(AppOutput output, StubProvider... stubs) {
        for (StubProvider stub : stubs) {
            for (LoggedRequest received : stub.allRequests()) {
                assertFalse(received.containsHeader(AppArgs.ROUTE_HEADER),
                        () -> AppArgs.ROUTE_HEADER + " reached " + stub.name() + " on " + received.getMethod() + " "
                                + received.getUrl() + output.describe());
            }
        }
    }

    /** The agent's own {@code x-llm-route} reached {@code stub} on none of its requests. */
    static void assertNoRouteHeader(UploadStub stub, AppOutput output) {
        for (Received received : stub.requests()) {
            assertFalse(received.headerNames().contains(AppArgs.ROUTE_HEADER),
                    () -> AppArgs.ROUTE_HEADER + " reached " + stub.name() + " on " + received.method() + " "
                            + received.path() + output.describe());
        }
    }

    static void assertRequestCount(int expected, StubProvider stub, AppOutput output) {
        assertEquals(expected, stub.chatRequests().size(),
                () -> "chat requests received by " + stub.name() + output.describe());
    }

    /**
     * The app's one upload succeeded, and {@code stub} received it exactly once and whole: one
     * request, to the files path, whose file part holds exactly the generated bytes.
     */
    static void assertUploadedOnceAndWhole(UploadStub stub, AppOutput output) {
        assertCompleted(output);
        Result result = output.result(1).orElseThrow(
                () -> new AssertionError("the upload has no result" + output.describe()));
        assertEquals(200, result.status(), output::describe);
        assertTrue(result.content().contains(UploadStub.FILE_ID),
                () -> "the app did not read the file object" + output.describe());
        List<Received> received = stub.requests();
        assertEquals(1, received.size(),
                () -> "requests received by " + stub.name() + ": " + received + output.describe());
        Received upload = received.get(0);
        assertEquals(null, upload.error(), () -> upload + output.describe());
        assertEquals("/v1/files", upload.path(), output::describe);
        Part file = upload.part(GeneratedUpload.PART_NAME);
        assertTrue(file != null,
                () -> "no part named " + GeneratedUpload.PART_NAME + ": " + upload + output.describe());
        assertEquals(GeneratedUpload.SIZE, file.bytes(), () -> "bytes of the file part" + output.describe());
        assertEquals(ExpectedUpload.CRC32, file.crc32(), () -> "CRC-32 of the file part" + output.describe());
    }

    static void assertNothingReceived(UploadStub stub, AppOutput output) {
        assertEquals(List.of(), stub.requests(), () -> "requests received by " + stub.name() + output.describe());
    }

    /** Computed once, when an upload is first checked. */
    private static final class ExpectedUpload {
        static final long CRC32 = GeneratedUpload.crc32();
    }
}
