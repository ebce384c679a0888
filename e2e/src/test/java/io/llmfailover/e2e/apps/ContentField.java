package io.llmfailover.e2e.apps;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of the first {@code "content"} string in an OpenAI chat body or chunk, read the way a
 * minimal app without a JSON library would read it.
 */
final class ContentField {

    /** Possessive runs, so a content of megabytes is one step of the matcher, not one stack frame per character. */
    private static final Pattern CONTENT = Pattern.compile("\"content\"\\s*:\\s*\"((?:[^\"\\\\]++|\\\\.)*+)\"");

    private ContentField() {}

    /** The unescaped content, or null when the JSON holds no string content (e.g. a final chunk). */
    static String in(String json) {
        Matcher matcher = CONTENT.matcher(json);
        return matcher.find() ? unescape(matcher.group(1)) : null;
    }

    /** The text of a whole OpenAI event stream: its content deltas, one after another. */
    static String ofEventStream(String events) {
        StringBuilder content = new StringBuilder();
        for (String line : events.split("\n")) {
            String data = line.startsWith("data:") ? line.substring(5).trim() : "";
            String text = data.isEmpty() || data.equals("[DONE]") ? null : in(data);
            if (text != null) {
                content.append(text);
            }
        }
        return content.toString();
    }

    private static String unescape(String escaped) {
        return escaped.replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
