/**
 * The Ktor client adapter, for the CIO engine: every call of a CIO client reaches the engine's
 * suspend function {@code execute(HttpRequestData, Continuation)}, where a governed call is taken
 * over: the original is skipped (it returns {@code COROUTINE_SUSPENDED}), the lifecycle runs on agent
 * threads, never on the engine's dispatcher or the caller's, and the app's continuation is resumed,
 * through its own dispatcher, with the answer. Each attempt goes through the app's own engine (its
 * pool, TLS, proxy, timeouts) with a continuation of the agent's, which marks it as the agent's own;
 * the chosen answer's body reaches the app as a {@code ByteReadChannel} read on agent threads. Ktor's
 * other engines are left alone (its OkHttp engine is governed by the OkHttp adapter). Apart from
 * {@link io.llmfailover.agent.client.ktor.KtorInstrumentation} and the advice, the classes here are defined
 * in a child of the app's Ktor class loader.
 */
package io.llmfailover.agent.client.ktor;
