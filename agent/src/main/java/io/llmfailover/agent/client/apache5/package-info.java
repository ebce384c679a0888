/**
 * The Apache HttpClient 5 adapter, classic and async clients: every classic or async client
 * builder gets, at {@code build()}, one exec handler placed just before the
 * protocol stage, so the app's redirect, retry and decompression stages wrap the whole governed
 * call, and each attempt runs through the protocol, connect and transport stages below it (the
 * app's pool, TLS, proxy and request interceptors). The async handler runs governed calls on the
 * adapter executor, never on the I/O reactor. Apart from
 * {@link io.llmfailover.agent.client.apache5.Apache5Instrumentation} and the advice, the classes here are
 * defined in a child of the app's HttpClient 5 class loader.
 */
package io.llmfailover.agent.client.apache5;
