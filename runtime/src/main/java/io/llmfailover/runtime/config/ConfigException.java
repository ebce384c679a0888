package io.llmfailover.runtime.config;

/** A config file the agent cannot run with; the message names the file, the line and the key. */
public final class ConfigException extends Exception {

    public ConfigException(String message) {
        super(message);
    }
}
