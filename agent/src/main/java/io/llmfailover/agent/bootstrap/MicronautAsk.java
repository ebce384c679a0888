package io.llmfailover.agent.bootstrap;

/**
 * What the app asked a Micronaut client for, carried on its request from the method it called to
 * where the client resolves the request's filters. A bootstrap type: the two ends may be served by
 * two copies of the adapter (one per hooked class).
 *
 * @param client the app's {@code DefaultHttpClient}
 * @param streamed true for {@code dataStream}, {@code exchangeStream} and {@code jsonStream}, whose
 *     response carries its body as a stream; false for {@code exchange} and {@code retrieve}, whose
 *     response carries the body decoded into {@code bodyType}
 * @param bodyType the {@code Argument} the app asked the body as; null for a stream
 */
public record MicronautAsk(Object client, boolean streamed, Object bodyType) {}
