/**
 * The configuration: the properties file found by the contract's lookup order, overridden by system
 * properties, {@code ${NAME}} taken from the environment, every key checked and every problem
 * reported at once ({@link io.llmfailover.runtime.config.ConfigLoader},
 * {@link io.llmfailover.runtime.config.ConfigBinder}), into one immutable
 * {@link io.llmfailover.runtime.config.FailoverConfig} and its typed settings. Keys are the user's
 * contract: extended, never renamed. An error message never holds a credential. Depends on the
 * providers, the key fingerprints, the translation policy it validates and the log; never on what
 * runs calls.
 */
package io.llmfailover.runtime.config;
