/** Live reload: a valid edit of the properties file takes effect without a restart ({@code config.reload}). */
package io.llmfailover.runtime.operations.reload;
