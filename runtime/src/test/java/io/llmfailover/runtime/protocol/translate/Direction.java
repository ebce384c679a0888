package io.llmfailover.runtime.protocol.translate;


import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.provider.Protocol;
import java.util.ArrayList;
import java.util.List;

/**
 * One way an app's call is carried to a fallback: the operation the app called, the protocol of
 * the target, and the bridge between them.
 */
record Direction(Operation caller, Protocol target, ProtocolBridge bridge, String name) {

    private static final TargetProvider DEEPSEEK = new TargetProvider("deepseek", "api.deepseek.com");

    /** Every direction whose answers are translated: across protocols, and Responses through a vendor's Chat Completions. */
    static List<Direction> translatingAnswers() {
        List<Direction> directions = new ArrayList<>();
        for (Operation caller : List.of(Operation.CHAT_COMPLETIONS, Operation.RESPONSES, Operation.MESSAGES, Operation.GENERATE_CONTENT,
                Operation.CONVERSE)) {
            for (Protocol target : Protocol.values()) {
                if (target != caller.protocol()) {
                    directions.add(new Direction(caller, target, Fixtures.bridge(caller.protocol(), target),
                            caller + " app, " + target.configName() + " target"));
                }
            }
        }
        directions.add(new Direction(Operation.RESPONSES, Protocol.OPENAI, deepSeek(), "RESPONSES app, deepseek target"));
        return directions;
    }

    /** And those whose answers pass through: the same protocol, and OpenAI-compatible dialects. */
    static List<Direction> all() {
        List<Direction> directions = new ArrayList<>(translatingAnswers());
        directions.add(new Direction(Operation.CHAT_COMPLETIONS, Protocol.OPENAI, deepSeek(), "CHAT_COMPLETIONS app, deepseek target"));
        for (Operation caller : List.of(Operation.CHAT_COMPLETIONS, Operation.RESPONSES, Operation.MESSAGES, Operation.GENERATE_CONTENT,
                Operation.CONVERSE)) {
            directions.add(new Direction(caller, caller.protocol(), Fixtures.bridge(caller.protocol(), caller.protocol()),
                    caller + " app, same protocol"));
        }
        return directions;
    }

    /** The app's request with this body, as the app's SDK would send it. */
    SourceRequest source(boolean stream, byte[] body) {
        return switch (caller) {
            case RESPONSES -> new SourceRequest(Operation.RESPONSES, "gpt-4.1", stream, null, body);
            default -> Fixtures.source(caller.protocol(), stream, body);
        };
    }

    /** The app's request from the fixtures. */
    SourceRequest source(boolean stream) {
        return caller == Operation.RESPONSES ? ResponsesApiTest.source(stream) : Fixtures.source(caller.protocol(), stream);
    }

    String targetModel() {
        return Fixtures.targetModel(target);
    }

    @Override
    public String toString() {
        return name;
    }

    private static ProtocolBridge deepSeek() {
        return ProtocolBridges.between(Protocol.OPENAI, Protocol.OPENAI,
                new BridgeOptions(DEEPSEEK, BridgeOptions.DEFAULT_MAX_TOKENS, Fixtures.OPTIONS.clock()));
    }
}
