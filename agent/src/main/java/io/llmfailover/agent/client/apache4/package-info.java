/**
 * The Apache HttpClient 4.x adapter (the classic blocking client): every client the
 * {@code HttpClientBuilder} builds gets its protocol stage wrapped, the library's own
 * {@code decorateProtocolExec} seam, so the app's redirect and retry stages wrap the whole governed
 * call and each attempt runs through the protocol stage and below (the app's pool, TLS, proxy,
 * request interceptors and decompression). Apart from
 * {@link io.llmfailover.agent.client.apache4.Apache4Instrumentation} and the advice, the classes here are
 * defined in a child of the app's HttpClient 4 class loader.
 */
package io.llmfailover.agent.client.apache4;
