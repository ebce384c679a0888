package io.llmfailover.runtime.protocol.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.RandomRequests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ModelRewriteTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void aRewriteReplacesTheModelsValueAndKeepsEveryOtherByteAsWritten() {
        String body = " {\"messages\" : [{\"content\":\"say \\\"model\\\": x\", \"model\":\"inner\"}],\n"
                + "  \"model\" :\t\"gpt-4o\" , \"temperature\": 1.0E0, \"n\":1}\n";

        assertEquals(body.replace("\t\"gpt-4o\"", "\t\"gpt-4o-2024-08-06\""),
                rewrite(body, "gpt-4o", "gpt-4o-2024-08-06"));
    }

    @Test
    void aRewriteEscapesTheNewModelAndReplacesEveryTopLevelModelMember() throws IOException {
        String rewritten = rewrite("{\"model\":\"a\",\"stream\":true,\"model\":null}", "a", "say \"hi\"\\模型\n");

        assertEquals("{\"model\":\"say \\\"hi\\\"\\\\模型\\n\",\"stream\":true,\"model\":\"say \\\"hi\\\"\\\\模型\\n\"}", rewritten);
        assertEquals("say \"hi\"\\模型\n", MAPPER.readTree(rewritten).get("model").asText());
    }

    @Test
    void whatTheWalkCannotVouchForIsLeftToTheParser() {
        assertEquals("{\"messages\":[],\"model\":\"m\"}", rewrite("{\"messages\":[]}", null, "m"), "no model: one is added");
        assertEquals("{\"model\":\"m\"}", rewrite("{\"model\":\"a\"} {\"x\":1}", "a", "m"),
                "more after the object: the parser reads the first");
        assertEquals("[1]", rewrite("[1]", null, "m"), "not an object: unchanged");
        assertThrows(UncheckedIOException.class, () -> rewrite("{\"model\":\"a\",\"messages\":[", "a", "m"));
    }

    @Test
    void aRewriteAgreesWithAFullParserOnGeneratedRequests() throws IOException {
        Random random = new Random(20261203);
        for (int i = 0; i < 2000; i++) {
            ObjectNode request = RandomRequests.request(random);
            byte[] body = RandomRequests.written(request, random);
            String model = RandomRequests.text(random);
            ObjectNode expected = (ObjectNode) MAPPER.readTree(body);
            expected.put("model", model);

            byte[] rewritten = ModelRewrite.apply(body, "not " + model, model);

            assertEquals(expected, MAPPER.readTree(rewritten), () -> new String(body, StandardCharsets.UTF_8));
        }
    }

    private static String rewrite(String body, String currentModel, String newModel) {
        return new String(ModelRewrite.apply(body.getBytes(StandardCharsets.UTF_8), currentModel, newModel),
                StandardCharsets.UTF_8);
    }
}
