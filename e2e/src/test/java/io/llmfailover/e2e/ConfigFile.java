package io.llmfailover.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** An agent properties file written line by line, so a test knows the line number of every key. */
final class ConfigFile {

    private final List<String> lines = new ArrayList<>();

    static ConfigFile create() {
        return new ConfigFile();
    }

    /** Two OpenAI-protocol providers: the app addresses {@code primary}, whose calls fall over to {@code backup}. */
    static ConfigFile primaryFallingOverTo(String primaryUrl, String backupUrl) {
        return create()
                .comment("The app addresses 'primary'; 'backup' is where its calls fall over to.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", "openai")
                .set("provider.backup.url", backupUrl)
                .set("provider.backup.protocol", "openai")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup");
    }

    ConfigFile comment(String text) {
        lines.add("# " + text);
        return this;
    }

    ConfigFile set(String key, Object value) {
        lines.add(key + " = " + value);
        return this;
    }

    /** The 1-based line the given key was written on. */
    int lineOf(String key) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(key + " =")) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no line sets " + key);
    }

    Path writeTo(Path file) throws IOException {
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
