/**
 * Routes: which calls a route governs (provider, model pattern) and the chain of steps they fall
 * over to ({@link io.llmfailover.runtime.route.Route}, {@link io.llmfailover.runtime.route.ChainStep}),
 * and the {@link io.llmfailover.runtime.route.RouteTable} that picks a call's route, by the file's
 * order or by the app's {@code x-llm-route} among the routes that may serve it. Depends on the config,
 * the providers and the contract only.
 */
package io.llmfailover.runtime.route;
