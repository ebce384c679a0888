/**
 * What the reactive adapters (Reactor Netty, WebClient, Micronaut, the AWS SDK's async client)
 * share, over Reactive Streams and Reactor types: one subscriber that feeds a response body into the
 * lifecycle's {@link io.llmfailover.agent.lifecycle.ArrivingBody}
 * ({@link io.llmfailover.agent.lifecycle.reactive.PublishedBody}), an answer relayed to the app as a
 * lazy {@code Flux} ({@link io.llmfailover.agent.lifecycle.reactive.RelayedBody}) or, for a client
 * without Reactor, as a plain publisher ({@link io.llmfailover.agent.lifecycle.reactive.StreamedBody}),
 * and a call's end handed to a Reactor sink. Defined with each reactive adapter, child-first, in the
 * app's client class loader, so that it sees the app's Reactive Streams and Reactor (and goes into
 * the agent jar as compiled, never naming the jar's own relocated copy of Reactive Streams). Depends
 * on the lifecycle and the runtime's contract only.
 */
package io.llmfailover.agent.lifecycle.reactive;
