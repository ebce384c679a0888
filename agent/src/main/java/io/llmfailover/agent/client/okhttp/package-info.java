/**
 * The OkHttp 3, 4 and 5 adapter. Every {@code OkHttpClient.Builder} gets, last among its application
 * interceptors, the {@link io.llmfailover.agent.client.okhttp.FailoverInterceptor}, which runs each
 * call through the call lifecycle, each attempt going down the rest of the app's own chain
 * ({@link io.llmfailover.agent.client.okhttp.OkHttpTransport}); and network interceptors that serve
 * those attempts: one gives the body back the app's own read timeout once a head arrived within the
 * agent's head deadline, one puts a fallback's key back where an SDK's interceptor removed it and
 * keeps a fallback's redirect from being followed, and one catches each attempt's connection so that
 * a deadline can cut it. Only API common to OkHttp 3.x, 4.x and 5.x is used. Apart from
 * {@link io.llmfailover.agent.client.okhttp.OkHttpInstrumentation}, the classes here are defined in a
 * child of the app's OkHttp class loader.
 */
package io.llmfailover.agent.client.okhttp;
