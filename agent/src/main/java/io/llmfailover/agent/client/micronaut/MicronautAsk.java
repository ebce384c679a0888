package io.llmfailover.agent.client.micronaut;

/**
 * What the app asked a Micronaut client for, carried on its request from the method it called to
 * where the client resolves the request's filters (as an {@code Object[]}, see
 * {@link MicronautAdapter#ASK_ATTRIBUTE}).
 *
 * @param client the app's {@code DefaultHttpClient}
 * @param streamed true for {@code dataStream}, {@code exchangeStream} and {@code jsonStream}, whose
 *     response carries its body as a stream; false for {@code exchange} and {@code retrieve}, whose
 *     response carries the body decoded into {@code bodyType}
 * @param bodyType the {@code Argument} the app asked the body as; null for a stream
 */
record MicronautAsk(Object client, boolean streamed, Object bodyType) {

    /** @param carried {@code {client, streamed, bodyType}}, as the request carried it */
    static MicronautAsk of(Object[] carried) {
        return new MicronautAsk(carried[0], Boolean.TRUE.equals(carried[1]), carried[2]);
    }

    /** The ask as the request carries it. */
    Object[] carried() {
        return new Object[] {client, streamed, bodyType};
    }
}
