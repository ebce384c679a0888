package io.llmfailover.runtime.contract;

/** Response headers that tell the app who really answered. */
public final class FailoverHeaders {

    public static final String PROVIDER = "x-llm-failover-provider";
    public static final String MODEL = "x-llm-failover-model";

    private FailoverHeaders() {}
}
