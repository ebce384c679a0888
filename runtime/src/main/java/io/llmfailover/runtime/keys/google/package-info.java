/**
 * Google identity ({@code provider.<name>.auth = google}): OAuth access tokens of Google's Application
 * Default Credentials, sent as {@code Authorization: Bearer}. The only package that names Google's
 * auth library: loaded when a provider is configured with {@code google}, never otherwise.
 */
package io.llmfailover.runtime.keys.google;
