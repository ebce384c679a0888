package io.llmfailover.runtime.protocol.translate;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiChatFormat;
import io.llmfailover.runtime.provider.Protocol;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Prompts and completions never show in toString(), so they cannot leak into logs or exceptions. */
class NoPromptInToStringTest {

    private static final String SECRET = "my-secret-prompt";

    @Test
    void translationValuesDescribeTheirShapeNotTheirText() throws Exception {
        byte[] body = ("{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"system\",\"content\":\"" + SECRET + "\"},"
                + "{\"role\":\"user\",\"content\":\"" + SECRET + "\"}]}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        SourceRequest source = Fixtures.source(Protocol.OPENAI, false, body);
        ChatRequest request = OpenAiChatFormat.INSTANCE.readRequest(source, new DroppedFields());
        TargetRequest target = Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC).request(source, "claude");
        ChatResponse response = new ChatResponse("id", "m", List.of(new Part.Text(SECRET),
                new Part.ToolCall("c", "f", Json.parseObject("{\"q\":\"" + SECRET + "\"}"))), StopReason.END_TURN, null, Usage.ZERO);
        for (Object value : List.of(request, target, response, new StreamEvent.TextDelta(SECRET),
                new StreamEvent.ToolArgumentsDelta(0, SECRET), new Part.ToolResult("c", "f", List.of(new Part.Text(SECRET)), false))) {
            assertFalse(value.toString().contains(SECRET), value.getClass().getSimpleName() + ": " + value);
        }
    }
}
