package io.llmfailover.runtime.keys.aws;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4 worked out from AWS's published algorithm, independently of the SDK's
 * signer: what a service recomputes to check a request (canonical request, string to sign, the
 * signing key derived from the secret, date, region and service).
 */
final class SigV4Recomputation {

    private SigV4Recomputation() {}

    /**
     * The signature of a request, with AWS's rules for every service but S3 (each path segment
     * encoded again).
     *
     * @param headers the request's headers by lower-case name, {@code host} among them
     * @param signedHeaders the lower-case names the signature covers, as its {@code SignedHeaders} lists them
     */
    static String signature(String method, URI uri, Map<String, String> headers, List<String> signedHeaders, byte[] body,
            String secretKey, String amzDate, String region, String service) throws Exception {
        String canonicalHeaders = signedHeaders.stream()
                .map(name -> name + ":" + headers.get(name).strip() + "\n")
                .collect(Collectors.joining());
        String canonicalRequest = String.join("\n", method, canonicalPath(uri.getRawPath()), canonicalQuery(uri.getRawQuery()),
                canonicalHeaders, String.join(";", signedHeaders), hex(sha256(body)));
        String date = amzDate.substring(0, 8);
        String scope = date + "/" + region + "/" + service + "/aws4_request";
        String stringToSign = String.join("\n", "AWS4-HMAC-SHA256", amzDate, scope,
                hex(sha256(canonicalRequest.getBytes(StandardCharsets.UTF_8))));
        byte[] key = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), date);
        key = hmac(key, region);
        key = hmac(key, service);
        key = hmac(key, "aws4_request");
        return hex(hmac(key, stringToSign));
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    static byte[] sha256(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }

    private static String canonicalPath(String rawPath) {
        if (rawPath == null || rawPath.isEmpty()) {
            return "/";
        }
        return Arrays.stream(rawPath.split("/", -1)).map(SigV4Recomputation::encode).collect(Collectors.joining("/"));
    }

    private static String canonicalQuery(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "";
        }
        return Arrays.stream(rawQuery.split("&")).sorted().collect(Collectors.joining("&"));
    }

    /** RFC 3986 encoding of everything but the unreserved characters. */
    private static String encode(String segment) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-_.~".indexOf(c) >= 0) {
                encoded.append(c);
            } else {
                encoded.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
            }
        }
        return encoded.toString();
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }
}
