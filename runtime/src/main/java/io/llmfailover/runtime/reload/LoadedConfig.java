package io.llmfailover.runtime.reload;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.FailoverConfig;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * A config with the bytes of the file it was read from, read as soon as it was loaded: the watch
 * compares the file with them to notice an edit.
 */
public final class LoadedConfig {

    private final FailoverConfig config;
    private final byte[] content;

    private LoadedConfig(FailoverConfig config, byte[] content) {
        this.config = config;
        this.content = content;
    }

    /** The config just loaded, with what its file holds now (nothing when it has no file). */
    public static LoadedConfig of(FailoverConfig config) {
        return new LoadedConfig(config, config.source().map(LoadedConfig::read).orElse(null));
    }

    public FailoverConfig config() {
        return config;
    }

    /** The file's bytes as the config was read from them; null when there is no file. */
    public byte[] content() {
        return content;
    }

    /**
     * This config or, when its file was edited since, the edit is valid and it was made at least a
     * {@link FileLook#SETTLE} ago, the edited one, read once. An invalid edit, or one that may still
     * be being written, is left to the watch, which settles it and reports it.
     */
    public LoadedConfig latest(ConfigReloader.Source source) {
        return latest(source, System.currentTimeMillis());
    }

    LoadedConfig latest(ConfigReloader.Source source, long nowMillis) {
        FileLook now = config.source().map(FileLook::of).orElse(null);
        if (now == null || now.holds(content) || !now.settledAt(nowMillis)) {
            return this;
        }
        try {
            LoadedConfig edited = new LoadedConfig(source.load(now.content()), now.content());
            // looked up here, not held: this class loads in premain, which leaves SLF4J's set-up to later
            LoggerFactory.getLogger("io.llmfailover.reload").info(
                    "llm-failover: {} was edited since start; the edit applies now", config.source().get());
            return edited;
        } catch (ConfigException invalid) {
            return this;
        }
    }

    /** The file's bytes, or null when it cannot be read right now (being replaced): looked at again next time. */
    private static byte[] read(Path file) {
        FileLook look = FileLook.of(file);
        return look == null ? null : look.content();
    }
}
