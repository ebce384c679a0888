package io.llmfailover.runtime.operations.reload;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.FailoverConfig;
import org.slf4j.LoggerFactory;

/**
 * A config as loaded, whose file may have been edited since: it carries the bytes it was parsed
 * from ({@link FailoverConfig#sourceContent()}), never read a second time, so that an edit made
 * after the parse is seen as an edit.
 */
public final class LoadedConfig {

    private final FailoverConfig config;

    private LoadedConfig(FailoverConfig config) {
        this.config = config;
    }

    /** The config just loaded, with the bytes of its file it was parsed from (none when it has no file). */
    public static LoadedConfig of(FailoverConfig config) {
        return new LoadedConfig(config);
    }

    public FailoverConfig config() {
        return config;
    }

    /**
     * This config or, when its file was edited since it was parsed, the edit is valid and it was made
     * at least a {@link FileLook#SETTLE} ago, the edited one, read once. An invalid edit, or one that
     * may still be being written, is left to the watch, which settles it and reports it.
     */
    public LoadedConfig latest(ConfigReloader.Source source) {
        return latest(source, System.currentTimeMillis());
    }

    LoadedConfig latest(ConfigReloader.Source source, long nowMillis) {
        FileLook now = config.source().map(FileLook::of).orElse(null);
        if (now == null || now.holds(config.sourceContent()) || !now.settledAt(nowMillis)) {
            return this;
        }
        try {
            LoadedConfig edited = new LoadedConfig(source.load(now.content()));
            // looked up here, not held: this class loads in premain, which leaves SLF4J's set-up to later
            LoggerFactory.getLogger("io.llmfailover.reload").info(
                    "llm-failover: {} was edited since start; the edit applies now", config.source().get());
            return edited;
        } catch (ConfigException invalid) {
            return this;
        }
    }
}
