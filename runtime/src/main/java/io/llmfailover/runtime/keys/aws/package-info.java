/**
 * AWS identity ({@code provider.<name>.auth = sigv4}): SigV4 signatures made with the AWS SDK's own
 * signer, over credentials from its default chain. The only package that names the AWS SDK: loaded
 * when a provider is configured with {@code sigv4}, never otherwise.
 */
package io.llmfailover.runtime.keys.aws;
