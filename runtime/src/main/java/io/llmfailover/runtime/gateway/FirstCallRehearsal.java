package io.llmfailover.runtime.gateway;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.telemetry.DecisionLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Made-up calls, answered from memory by a gateway of their own, so that the classes a governed
 * call runs through are loaded and linked on the thread that builds the agent's engine, ahead of the
 * app's first call, rather than on that call's thread: a blocking and a streamed call to a provider,
 * and one to a provider that has a key and a model of its own (the credential and the model a
 * fallback's attempt is given). Nothing of it reaches the gateway the app's calls use, the log or
 * telemetry: its config is its own (no file, no system property), its state and observers too, its
 * calls succeed, and nothing is sent. Skipped when the log writes a line per call.
 */
public final class FirstCallRehearsal {

    private static final String CONFIG = """
            provider.rehearsal.url = http://127.0.0.1:9/v1
            provider.rehearsal.protocol = openai
            provider.rehearsal-fallback.url = http://127.0.0.1:9/fallback/v1
            provider.rehearsal-fallback.protocol = openai
            provider.rehearsal-fallback.api-key = rehearsal-key
            provider.rehearsal-fallback.model.* = rehearsal-model
            route.rehearsal.match = rehearsal
            route.rehearsal.chain = rehearsal, rehearsal-fallback
            route.rehearsal-fallback.match = rehearsal-fallback
            route.rehearsal-fallback.chain = rehearsal-fallback
            """;
    private static final HttpHeaders APP_HEADERS = HttpHeaders.builder()
            .add("Authorization", "Bearer rehearsal-app-key").add("Content-Type", "application/json").build();
    private static final byte[] COMPLETION = ("{\"id\":\"rehearsal\",\"object\":\"chat.completion\",\"model\":\"m\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":2}}").getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENTS = ("data: {\"id\":\"rehearsal\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"content\":\"ok\"}}]}\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
    private static final Transport FROM_MEMORY = attempt -> attempt.streamed()
            ? new BufferedResponse(200, HttpHeaders.builder().add("content-type", "text/event-stream").build(), EVENTS)
            : new BufferedResponse(200, HttpHeaders.builder().add("content-type", "application/json").build(), COMPLETION);

    private FirstCallRehearsal() {}

    /** Runs the calls; whatever fails is left unsaid: the app's first call then loads what it needs itself. */
    public static void run() {
        if (!DecisionLog.enabled()) {
            answeredCalls();
        }
    }

    /** @return how many of the calls were answered */
    static int answeredCalls() {
        int answered = 0;
        try {
            Gateway gateway = Gateway.create(ConfigLoader.ofProperties("(the agent's rehearsal)", CONFIG));
            answered += call(gateway, "http://127.0.0.1:9/v1/chat/completions", false);
            answered += call(gateway, "http://127.0.0.1:9/v1/chat/completions", true);
            answered += call(gateway, "http://127.0.0.1:9/fallback/v1/chat/completions", false);
            gateway.retire();
        } catch (ConfigException | IOException | RuntimeException | LinkageError notRehearsed) {
            // nothing to say: it only saves the first call some class loading
        }
        return answered;
    }

    private static int call(Gateway gateway, String url, boolean stream) throws IOException {
        byte[] body = ("{\"model\":\"gpt-4o\",\"stream\":" + stream + ",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                .getBytes(StandardCharsets.UTF_8);
        Answer answer = gateway.execute(new LlmRequest("POST", URI.create(url), APP_HEADERS, body), FROM_MEMORY);
        try (answer; InputStream read = answer.body()) {
            read.transferTo(OutputStream.nullOutputStream());
        }
        return answer.status() == 200 ? 1 : 0;
    }
}
