package io.llmfailover.runtime.telemetry.usage;

import io.llmfailover.runtime.protocol.JsonMembers;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what {@link ResponseJson} reads (model, id, usage, finish reasons) straight from a JSON
 * document's bytes, stepping over everything else, the answer's text above all: no parser, no
 * tree. Telemetry reads every answer this way unless content capture is on, which wants the text.
 * Where the document stops being JSON, what came before still counts.
 */
final class ResponseFactsReader {

    private ResponseFactsReader() {}

    /** One document in {@code json[from, to)}: an object, or (Gemini's stream) an array of them. */
    static void read(byte[] json, int from, int to, ResponseFacts facts) {
        JsonMembers.forEachObjectIn(json, from, to, element -> Document.of(element).tell(facts));
        Document.of(JsonMembers.of(json, from, to)).tell(facts);
    }

    /** The members of one response object that say something, as the walk found them (the last of a repeated name). */
    private static final class Document {
        private String model;
        private String modelVersion;
        private String id;
        private String responseId;
        private String stopReason;
        private String object;
        private String status;
        private String type;
        private Usage usage;
        private Usage usageMetadata;
        private String deltaStopReason;
        private List<String> choiceReasons;
        private List<String> candidateReasons;
        private Document response;
        private Document message;

        static Document of(JsonMembers members) {
            Document document = new Document();
            while (members.next()) {
                document.take(members);
            }
            return document;
        }

        private void take(JsonMembers member) {
            if (member.nameIs("model")) {
                model = member.stringValue();
            } else if (member.nameIs("modelVersion")) {
                modelVersion = member.stringValue();
            } else if (member.nameIs("id")) {
                id = member.stringValue();
            } else if (member.nameIs("responseId")) {
                responseId = member.stringValue();
            } else if (member.nameIs("stop_reason") || member.nameIs("stopReason")) {
                stopReason = member.stringValue();
            } else if (member.nameIs("object")) {
                object = member.stringValue();
            } else if (member.nameIs("status")) {
                status = member.stringValue();
            } else if (member.nameIs("type")) {
                type = member.stringValue();
            } else if (member.nameIs("usage")) {
                usage = Usage.of(member.objectValue());
            } else if (member.nameIs("usageMetadata")) {
                usageMetadata = Usage.of(member.objectValue());
            } else if (member.nameIs("delta")) {
                deltaStopReason = fieldOf(member.objectValue(), "stop_reason");
            } else if (member.nameIs("choices")) {
                choiceReasons = reasonsOf(member, "finish_reason");
            } else if (member.nameIs("candidates")) {
                candidateReasons = reasonsOf(member, "finishReason");
            } else if (member.nameIs("response")) {
                response = documentOf(member.objectValue());
            } else if (member.nameIs("message")) {
                message = documentOf(member.objectValue());
            }
        }

        /** In the order {@link ResponseJson#read} tells them, so that the first model and id found win alike. */
        void tell(ResponseFacts facts) {
            Document wrapped = response != null ? response : "message_start".equals(type) ? message : null;
            if (wrapped != null) {
                wrapped.tell(facts);
            }
            facts.model(model);
            facts.model(modelVersion);
            facts.id(id);
            facts.id(responseId);
            if (usage != null) {
                usage.tell(facts, usage.inputTokens != null ? usage.inputTokens : usage.promptTokens,
                        usage.outputTokens != null ? usage.outputTokens : usage.completionTokens);
            }
            if (usageMetadata != null) {
                usageMetadata.tell(facts, usageMetadata.promptTokenCount, usageMetadata.candidatesTokenCount);
            }
            facts.finishReason(stopReason);
            facts.finishReason(deltaStopReason);
            tellAll(choiceReasons, facts);
            tellAll(candidateReasons, facts);
            if ("response".equals(object) && !"in_progress".equals(status)) {
                facts.finishReason(status);
            }
        }

        private static Document documentOf(JsonMembers members) {
            return members == null ? null : of(members);
        }

        private static List<String> reasonsOf(JsonMembers member, String field) {
            List<String> reasons = new ArrayList<>(2);
            return member.forEachObjectElement(element -> reasons.add(fieldOf(element, field))) ? reasons : null;
        }

        private static String fieldOf(JsonMembers members, String field) {
            String value = null;
            while (members != null && members.next()) {
                if (members.nameIs(field)) {
                    value = members.stringValue();
                }
            }
            return value;
        }

        private static void tellAll(List<String> reasons, ResponseFacts facts) {
            if (reasons != null) {
                reasons.forEach(facts::finishReason);
            }
        }
    }

    /** The token counts of an OpenAI, Anthropic or Bedrock {@code usage}, or of Gemini's {@code usageMetadata}. */
    private static final class Usage {
        private Long inputTokens;
        private Long promptTokens;
        private Long outputTokens;
        private Long completionTokens;
        private Long promptTokenCount;
        private Long candidatesTokenCount;

        static Usage of(JsonMembers members) {
            if (members == null) {
                return null;
            }
            Usage usage = new Usage();
            while (members.next()) {
                if (members.nameIs("input_tokens") || members.nameIs("inputTokens")) {
                    usage.inputTokens = members.longValue();
                } else if (members.nameIs("prompt_tokens")) {
                    usage.promptTokens = members.longValue();
                } else if (members.nameIs("output_tokens") || members.nameIs("outputTokens")) {
                    usage.outputTokens = members.longValue();
                } else if (members.nameIs("completion_tokens")) {
                    usage.completionTokens = members.longValue();
                } else if (members.nameIs("promptTokenCount")) {
                    usage.promptTokenCount = members.longValue();
                } else if (members.nameIs("candidatesTokenCount")) {
                    usage.candidatesTokenCount = members.longValue();
                }
            }
            return usage;
        }

        void tell(ResponseFacts facts, Long input, Long output) {
            if (input != null) {
                facts.inputTokens(input);
            }
            if (output != null) {
                facts.outputTokens(output);
            }
        }
    }
}
