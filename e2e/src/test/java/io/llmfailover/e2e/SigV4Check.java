package io.llmfailover.e2e;

import com.github.tomakehurst.wiremock.http.Request;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What AWS checks of a SigV4-signed request, recomputed from AWS's published algorithm with known
 * static credentials: the scope, the payload hash, the date's freshness and the signature over the
 * headers the request says it signed. A stub cloud answers 403 to a request this refuses.
 */
final class SigV4Check {

    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})");
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT);
    private static final Duration MAX_SKEW = Duration.ofMinutes(5);

    private final String accessKey;
    private final String secretKey;
    private final String region;
    private final String service;

    SigV4Check(String accessKey, String secretKey, String region, String service) {
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.region = region;
        this.service = service;
    }

    boolean accepts(Request request) {
        return accepts(request.getMethod().getName(), request.getUrl(), request::getHeader, request.getBody());
    }

    /** A request as a raw server reads it: {@code header} finds a header by its name, whatever its case. */
    boolean accepts(String method, String url, UnaryOperator<String> header, byte[] body) {
        try {
            return check(method, url, header, body);
        } catch (Exception malformed) {
            return false;
        }
    }

    private boolean check(String method, String url, UnaryOperator<String> header, byte[] body) throws Exception {
        Matcher authorization = AUTHORIZATION.matcher(String.valueOf(header.apply("Authorization")));
        String amzDate = header.apply("X-Amz-Date");
        if (!authorization.matches() || amzDate == null) {
            return false;
        }
        List<String> signed = Arrays.asList(authorization.group(5).split(";"));
        Instant date = LocalDateTime.parse(amzDate, AMZ_DATE).toInstant(ZoneOffset.UTC);
        String payloadHash = hex(sha256(body));
        if (!authorization.group(1).equals(accessKey) || !authorization.group(2).equals(amzDate.substring(0, 8))
                || !authorization.group(3).equals(region) || !authorization.group(4).equals(service)
                || !signed.containsAll(List.of("host", "x-amz-date", "x-amz-content-sha256"))
                || !payloadHash.equals(header.apply("x-amz-content-sha256"))
                || Duration.between(date, Instant.now()).abs().compareTo(MAX_SKEW) > 0) {
            return false;
        }
        return signature(method, url, header, signed, amzDate, payloadHash).equals(authorization.group(6));
    }

    private String signature(String method, String url, UnaryOperator<String> header, List<String> signed, String amzDate,
            String payloadHash) throws Exception {
        String canonicalHeaders = signed.stream().map(name -> name + ":" + header.apply(name).strip() + "\n")
                .collect(Collectors.joining());
        URI uri = URI.create("http://stub" + url);
        String canonicalRequest = String.join("\n", method, canonicalPath(uri.getRawPath()),
                canonicalQuery(uri.getRawQuery()), canonicalHeaders, String.join(";", signed), payloadHash);
        String day = amzDate.substring(0, 8);
        String stringToSign = String.join("\n", "AWS4-HMAC-SHA256", amzDate,
                day + "/" + region + "/" + service + "/aws4_request",
                hex(sha256(canonicalRequest.getBytes(StandardCharsets.UTF_8))));
        byte[] key = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), day);
        key = hmac(key, region);
        key = hmac(key, service);
        key = hmac(key, "aws4_request");
        return hex(hmac(key, stringToSign));
    }

    /** Every service but S3 encodes each segment of the path once more. */
    private static String canonicalPath(String rawPath) {
        if (rawPath == null || rawPath.isEmpty()) {
            return "/";
        }
        return Arrays.stream(rawPath.split("/", -1)).map(SigV4Check::encode).collect(Collectors.joining("/"));
    }

    private static String canonicalQuery(String rawQuery) {
        return rawQuery == null ? "" : Arrays.stream(rawQuery.split("&")).sorted().collect(Collectors.joining("&"));
    }

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

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static byte[] sha256(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }
}
