package io.llmfailover.runtime.walk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Which calls may be hedged: sending one twice must leave nothing behind at the provider and run
 * nothing there twice. A hedge races the first attempt, and the loser may well have run to its end:
 * whatever it did (kept an answer, searched the web, ran code, called an MCP server) was done and
 * billed twice. Asked only of a call on a route that hedges, since it reads the body.
 */
final class Hedging {

    /** Chat completions tool types the app runs itself; any other is a provider's built-in tool. */
    private static final Set<String> CHAT_CLIENT_TOOLS = Set.of("function", "custom");
    /** Anthropic tools the app runs itself: its own ({@code custom}, or no type) and the client-side ones. */
    private static final List<String> ANTHROPIC_CLIENT_TOOL_PREFIXES = List.of("custom", "bash_", "text_editor_",
            "computer_", "memory_");
    /** Gemini tool kinds the app runs itself; any other ({@code codeExecution}, {@code googleSearch} …) runs at Google. */
    private static final Set<String> GEMINI_CLIENT_TOOLS = Set.of("functionDeclarations", "function_declarations",
            "computerUse", "computer_use");

    private Hedging() {}

    static boolean mayRunTwice(SourceRequest source) {
        return sideEffectOf(source) == null;
    }

    /**
     * What sending {@code source} twice would do twice, or null when nothing would. The Responses API
     * stores each response (and may run it in the background) by default; chat with {@code store:
     * true} is kept for evals and distillation; Anthropic's server tools and {@code mcp_servers},
     * Gemini's code execution and grounding, and OpenAI's built-in tools run at the provider. A body
     * that cannot be read is not hedged either: what it asks for is unknown.
     */
    static String sideEffectOf(SourceRequest source) {
        Operation operation = source.operation();
        if (operation == Operation.RESPONSES) {
            return "the Responses API stores each response";
        }
        if (operation == Operation.EMBEDDINGS) {
            return null;
        }
        ObjectNode body;
        try {
            body = Json.parseObject(source.body());
        } catch (MalformedBodyException unreadable) {
            return "a body that is not a JSON object";
        }
        return switch (operation) {
            case CHAT_COMPLETIONS -> chat(body);
            case MESSAGES -> messages(body);
            case GENERATE_CONTENT -> generateContent(body);
            default -> null;
        };
    }

    private static String chat(ObjectNode body) {
        if (body.path("store").asBoolean(false)) {
            return "store: true";
        }
        if (present(body.get("web_search_options"))) {
            return "web_search_options";
        }
        for (JsonNode tool : body.path("tools")) {
            String type = tool.path("type").asText("function");
            if (!CHAT_CLIENT_TOOLS.contains(type)) {
                return "the built-in tool " + type;
            }
        }
        return null;
    }

    private static String messages(ObjectNode body) {
        JsonNode servers = body.get("mcp_servers");
        if (present(servers) && !(servers.isArray() && servers.isEmpty())) {
            return "mcp_servers";
        }
        if (present(body.get("container"))) {
            return "container";
        }
        for (JsonNode tool : body.path("tools")) {
            String type = tool.path("type").asText("custom");
            if (ANTHROPIC_CLIENT_TOOL_PREFIXES.stream().noneMatch(type::startsWith)) {
                return "the server tool " + type;
            }
        }
        return null;
    }

    private static String generateContent(ObjectNode body) {
        for (JsonNode tool : body.path("tools")) {
            Iterator<String> kinds = tool.fieldNames();
            while (kinds.hasNext()) {
                String kind = kinds.next();
                if (!GEMINI_CLIENT_TOOLS.contains(kind)) {
                    return "the tool " + kind;
                }
            }
        }
        return null;
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull();
    }
}
