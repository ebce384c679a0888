package io.llmfailover.runtime.provider;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A provider reached with a cloud's own identity rather than a key ({@code provider.<name>.auth =
 * sigv4 | google}): the agent authorises each request to it with credentials it finds in its
 * environment (the AWS default chain, Google's Application Default Credentials).
 *
 * @param scheme how each request is authorised
 * @param region the AWS region a SigV4 signature is scoped to; null for {@code google}
 */
public record CloudIdentity(Scheme scheme, String region) {

    /** {@code <service>.<region>.amazonaws.com}, as AWS names its regional endpoints (and {@code .com.cn} in China). */
    private static final Pattern AWS_HOST = Pattern.compile(
            "^[a-z0-9-]+\\.([a-z]{2}(?:-[a-z]+)+-\\d+)\\.amazonaws\\.com(?:\\.cn)?$");

    public enum Scheme {
        /** AWS Signature Version 4, for Bedrock. */
        SIGV4("sigv4"),
        /** An OAuth access token from Google's Application Default Credentials, for Vertex AI. */
        GOOGLE("google");

        private final String configName;

        Scheme(String configName) {
            this.configName = configName;
        }

        /** The value of {@code provider.<name>.auth} that selects this scheme. */
        public String configName() {
            return configName;
        }

        public static Optional<Scheme> fromConfigName(String value) {
            String wanted = value.strip().toLowerCase(Locale.ROOT);
            return Arrays.stream(values()).filter(scheme -> scheme.configName.equals(wanted)).findFirst();
        }

        /** The accepted values, for an error message. */
        public static String configNames() {
            return Arrays.stream(values()).map(Scheme::configName).collect(Collectors.joining(" | "));
        }
    }

    public CloudIdentity {
        Objects.requireNonNull(scheme, "scheme");
        if (scheme == Scheme.SIGV4 && (region == null || region.isBlank())) {
            throw new IllegalArgumentException("a SigV4 identity needs a region");
        }
    }

    public static CloudIdentity sigV4(String region) {
        return new CloudIdentity(Scheme.SIGV4, region);
    }

    public static CloudIdentity google() {
        return new CloudIdentity(Scheme.GOOGLE, null);
    }

    /** The region an AWS endpoint's host names ({@code bedrock-runtime.eu-west-1.amazonaws.com}), if it names one. */
    public static Optional<String> awsRegionOf(URI url) {
        String host = url.getHost();
        if (host == null) {
            return Optional.empty();
        }
        Matcher matcher = AWS_HOST.matcher(host.toLowerCase(Locale.ROOT));
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    @Override
    public String toString() {
        return region == null ? scheme.configName : scheme.configName + " " + region;
    }
}
