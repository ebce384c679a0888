package io.llmfailover.runtime.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the properties file line by line, keeping each key's line number (which
 * {@link java.util.Properties} loses). Lines are {@code key = value} or {@code key: value};
 * {@code #} and {@code !} start comment lines; a {@code #} after whitespace ends a value.
 */
final class PropertiesFileReader {

    private PropertiesFileReader() {}

    /** The file's bytes, read once. */
    static byte[] contentOf(Path file) throws ConfigException {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /** The entries of {@code content}, the bytes read from {@code file} (named in every problem). */
    static List<ConfigEntry> read(Path file, byte[] content, ConfigProblems problems) throws ConfigException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw unreadable(file, e);
        }
        return parse(text.lines().toList(), file.toString(), problems);
    }

    private static ConfigException unreadable(Path file, IOException e) {
        return new ConfigException("llm-failover config " + file + " cannot be read: " + e.getClass().getSimpleName());
    }

    static List<ConfigEntry> parse(List<String> lines, String fileName, ConfigProblems problems) {
        List<ConfigEntry> entries = new ArrayList<>();
        Map<String, Integer> firstLineOfKey = new HashMap<>();
        for (int index = 0; index < lines.size(); index++) {
            String line = index == 0 ? withoutByteOrderMark(lines.get(index)) : lines.get(index);
            String where = fileName + ":" + (index + 1);
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#") || text.startsWith("!")) {
                continue;
            }
            int separator = separatorIndex(text);
            String key = separator < 0 ? "" : text.substring(0, separator).strip();
            if (key.isEmpty()) {
                problems.add(where, firstWord(text), "not a setting; expected key = value");
                continue;
            }
            ConfigEntry entry = ConfigEntry.written(key, valueOf(text.substring(separator + 1)), where);
            Integer firstLine = firstLineOfKey.putIfAbsent(key, index + 1);
            if (firstLine != null) {
                problems.add(entry, "set twice; first set on line " + firstLine);
                continue;
            }
            entries.add(entry);
        }
        return entries;
    }

    /**
     * The first {@code =}, or an earlier {@code :} followed by whitespace; a line with neither uses
     * its first {@code :}. So model keys such as {@code model.llama:free = x} keep their colon.
     */
    static int separatorIndex(String text) {
        int equals = text.indexOf('=');
        int spacedColon = -1;
        for (int i = 0; i < text.length() - 1; i++) {
            if (text.charAt(i) == ':' && Character.isWhitespace(text.charAt(i + 1))) {
                spacedColon = i;
                break;
            }
        }
        if (text.endsWith(":") && spacedColon < 0) {
            spacedColon = text.length() - 1;
        }
        if (equals >= 0 && spacedColon >= 0) {
            return Math.min(equals, spacedColon);
        }
        if (equals >= 0 || spacedColon >= 0) {
            return Math.max(equals, spacedColon);
        }
        return text.indexOf(':');
    }

    /** The value without the trailing {@code # comment}: a '#' after whitespace starts one. */
    static String valueOf(String afterSeparator) {
        for (int i = 1; i < afterSeparator.length(); i++) {
            if (afterSeparator.charAt(i) == '#' && Character.isWhitespace(afterSeparator.charAt(i - 1))) {
                return afterSeparator.substring(0, i).strip();
            }
        }
        return afterSeparator.strip();
    }

    /**
     * What a line that is no setting is shown as: its first word, since the rest may be a credential
     * whose key lost its separator ({@code api-key sk-…}).
     */
    static String firstWord(String text) {
        int end = 0;
        while (end < text.length() && end < 40 && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        return end < text.length() ? text.substring(0, end) + " …" : text;
    }

    private static String withoutByteOrderMark(String line) {
        return line.startsWith("\uFEFF") ? line.substring(1) : line;
    }
}
