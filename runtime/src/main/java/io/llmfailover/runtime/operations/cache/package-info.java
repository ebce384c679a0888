/**
 * The last-resort cache ({@code cache.last-resort}): successful answers kept as the app read them,
 * keyed by a hash of the normalised request, the app's credential id and the addressed origin, and
 * replayed to an identical request when every step of its chain failed
 * ({@link io.llmfailover.runtime.operations.cache.LastResort}). Bounded in entries, bytes and time;
 * never a prompt or a credential kept as text in the key. Depends on the contract, the call, the
 * config, the keys' ids and the protocol packages.
 */
package io.llmfailover.runtime.operations.cache;
