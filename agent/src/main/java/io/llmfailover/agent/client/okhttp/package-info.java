/**
 * The OkHttp 3, 4 and 5 adapter. Every {@code OkHttpClient.Builder} gets one application
 * interceptor that hands governed calls to the runtime, and one network interceptor that lifts the
 * first-byte timeout once a response head has arrived. Only API common to OkHttp 3.x, 4.x and 5.x
 * is used. Apart from {@link io.llmfailover.agent.client.okhttp.OkHttpInstrumentation}, the classes here
 * are defined in a child of the app's OkHttp class loader.
 */
package io.llmfailover.agent.client.okhttp;
