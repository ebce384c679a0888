package io.llmfailover.runtime.keys.aws;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.keys.identity.RefreshedCredential;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Signs each request with AWS Signature Version 4, with the AWS SDK's own signer, for one service
 * and region, with credentials from the AWS default chain ({@link AwsCredentialsChain}).
 *
 * <p>Only the host and the signer's own headers ({@code x-amz-date}, {@code x-amz-content-sha256},
 * {@code x-amz-security-token}) are signed: the app's client may still reword another header (its
 * user agent, a content type's charset) without breaking the signature. The body is signed whole.
 */
public final class SigV4Identity implements ProviderIdentity {

    /** The service name Bedrock's endpoints are signed for (bedrock-runtime's included). */
    static final String BEDROCK = "bedrock";

    private final String service;
    private final String region;
    private final RefreshedCredential<AwsCredentialsIdentity> credentials;
    private final java.time.Clock signingClock;
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();

    SigV4Identity(String service, String region, RefreshedCredential<AwsCredentialsIdentity> credentials,
            java.time.Clock signingClock) {
        this.service = service;
        this.region = region;
        this.credentials = credentials;
        this.signingClock = signingClock;
    }

    /** Bedrock in {@code region}, signed with the process's AWS credentials, renewed in the background. */
    public static ProviderIdentity forBedrock(String region) {
        return new SigV4Identity(BEDROCK, region, AwsCredentialsChain.shared(), java.time.Clock.systemUTC());
    }

    @Override
    public Map<String, String> credentialFor(LlmRequest request) throws IdentityUnavailableException {
        AwsCredentialsIdentity identity = credentials.current();
        if (identity == null) {
            throw new IdentityUnavailableException("no AWS credentials resolved yet (the default chain is looked up in the background)");
        }
        SdkHttpRequest unsigned = SdkHttpRequest.builder()
                .method(SdkHttpMethod.fromValue(request.method()))
                .uri(request.uri())
                .build();
        byte[] body = request.body() == null ? new byte[0] : request.body();
        SignedRequest signed = signer.sign(signing -> signing
                .identity(identity)
                .request(unsigned)
                .payload(ContentStreamProvider.fromByteArrayUnsafe(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                .putProperty(HttpSigner.SIGNING_CLOCK, signingClock));
        Map<String, String> credential = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> header : signed.request().headers().entrySet()) {
            // The client writes Host itself, from the same URL.
            if (!header.getKey().equalsIgnoreCase("host") && !header.getValue().isEmpty()) {
                credential.put(header.getKey(), header.getValue().get(0));
            }
        }
        return credential;
    }

    @Override
    public String id() {
        return ID_PREFIX + "sigv4";
    }

    @Override
    public String toString() {
        return "SigV4Identity[" + service + ", " + region + "]"; // never the credentials
    }
}
