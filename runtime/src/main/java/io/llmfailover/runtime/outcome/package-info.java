/**
 * What one attempt's answer (or its absence) says about the provider: the vocabulary the chain walk
 * decides with, and that the telemetry, the status page and the failover log report in. It sits
 * below the walk and every observer of it, so that an observer names an outcome without depending on
 * the walk, which depends on it.
 */
package io.llmfailover.runtime.outcome;
