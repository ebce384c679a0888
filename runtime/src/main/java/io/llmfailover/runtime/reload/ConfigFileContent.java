package io.llmfailover.runtime.reload;

import io.llmfailover.runtime.config.FailoverConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A config file's bytes, which the watch compares to notice an edit. */
public final class ConfigFileContent {

    private ConfigFileContent() {}

    /**
     * What the config's file holds, read as soon as the config was loaded from it, so that the watch
     * picks up at its first look an edit made before it started. Null when there is no file.
     */
    public static byte[] of(FailoverConfig config) {
        return config.source().map(ConfigFileContent::read).orElse(null);
    }

    /** The file's bytes, or null when it cannot be read right now (being replaced): looked at again next time. */
    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException unreadable) {
            return null;
        }
    }
}
