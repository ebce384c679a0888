package io.llmfailover.runtime.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Random;

/** Request bodies made at random, with model and stream members among others, for tests against a full parser. */
public final class RandomRequests {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RandomRequests() {}

    /** The request as an app writes it, compact or pretty-printed. */
    public static byte[] written(ObjectNode request, Random random) throws IOException {
        return random.nextBoolean()
                ? MAPPER.writeValueAsBytes(request)
                : MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(request);
    }

    public static ObjectNode request(Random random) {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        int members = random.nextInt(6);
        for (int i = 0; i < members; i++) {
            switch (random.nextInt(5)) {
                case 0 -> request.put("model", text(random));
                case 1 -> request.put("stream", random.nextBoolean());
                case 2 -> request.set("model", value(random, 2));
                default -> request.set(text(random), value(random, 3));
            }
        }
        return request;
    }

    private static JsonNode value(Random random, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (depth == 0 ? random.nextInt(4) : random.nextInt(6)) {
            case 0:
                return nodes.textNode(text(random));
            case 1:
                return nodes.numberNode(random.nextGaussian() * 1e6);
            case 2:
                return random.nextBoolean() ? nodes.booleanNode(random.nextBoolean()) : nodes.nullNode();
            case 3:
                return nodes.numberNode(random.nextInt());
            case 4:
                ArrayNode array = nodes.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(value(random, depth - 1));
                }
                return array;
            default:
                ObjectNode object = nodes.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set(random.nextBoolean() ? "model" : text(random), value(random, depth - 1));
                }
                return object;
        }
    }

    public static String text(Random random) {
        String alphabet = "ab{}[]\",:\\/ \n\t\u00e9\u6a21\ud83d\ude00\u0001";
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(random.nextBoolean() ? 12 : 40); i > 0; i--) {
            int at = random.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c)) {
                text.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                text.append(c);
            }
        }
        return text.toString();
    }
}
