package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.Fault.Roles;
import io.llmfailover.e2e.FaultServer.Behaviour;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two AWS identities of a Bedrock column of the fault matrix: the app's, with which its SDK
 * signs the calls it addresses to its primary, and the agent's (the AWS default chain, here the
 * child's environment), with which the agent signs what it sends to the backup. The backup refuses
 * a request the agent's signature does not verify, as Bedrock does, and each cell checks that
 * neither identity's credentials, signatures included, reached a host that is not theirs.
 */
final class AwsIdentities {

    /** The backups' region: the agent's signatures are scoped to it. */
    static final String REGION = "us-west-2";
    static final String APP_ACCESS_KEY = "AKIDAPPMATRIXE2E0123";
    /**
     * The app's credentials as {@code BedrockRuntimeApp} takes its key; the Anthropic SDK's app takes
     * the access key id alone, with this secret and token of its own.
     */
    static final String APP_CREDENTIALS =
            APP_ACCESS_KEY + ":" + AnthropicSdkApp.BEDROCK_SECRET + ":" + AnthropicSdkApp.BEDROCK_SESSION_TOKEN;
    private static final String AGENT_ACCESS_KEY = "AKIDAGENTMATRIXE2E01";
    static final String AGENT_SECRET = "agent-secret-matrix-e2e";
    private static final String AGENT_SESSION_TOKEN = "agent-session-token-matrix-e2e";
    private static final SigV4Check AGENT_SIGNATURE = new SigV4Check(AGENT_ACCESS_KEY, AGENT_SECRET, REGION, "bedrock");
    private static final Pattern SIGNATURE = Pattern.compile("Signature=([0-9a-f]{64})");

    private AwsIdentities() {}

    /** The agent's own identity, where the AWS default chain finds it first: the child's environment. */
    static ChildJvm withTheAgentsIdentity(ChildJvm child) {
        return child.env("AWS_ACCESS_KEY_ID", AGENT_ACCESS_KEY)
                .env("AWS_SECRET_ACCESS_KEY", AGENT_SECRET)
                .env("AWS_SESSION_TOKEN", AGENT_SESSION_TOKEN)
                .env("AWS_EC2_METADATA_DISABLED", "true");
    }

    /** {@code backup} behind Bedrock's check of the agent's signature: a request that fails it gets a 403 and nothing else. */
    static Behaviour checkingTheAgentsSignature(Behaviour backup) {
        return exchange -> {
            if (signedByTheAgent(exchange.request())) {
                backup.answer(exchange);
            } else {
                exchange.respond(403, "application/json",
                        "{\"message\":\"The request signature we calculated does not match the signature you provided.\"}",
                        "x-amzn-ErrorType", "InvalidSignatureException:http://internal.amazon.com/coral/com.amazon.coral.service/");
            }
        };
    }

    /**
     * The cell's primary got the app's own signature and session token and nothing of the agent's;
     * its backup got the agent's, verified, and nothing of the app's (key id, secret, session token,
     * signature); the redirect's target got nothing of the app's either.
     */
    static void assertKeptApart(FaultCell cell) {
        List<FaultExchange.Request> primary = cell.server().received(cell.fault().cell(), Roles.PRIMARY);
        List<String> appSecrets = new ArrayList<>(List.of(APP_ACCESS_KEY, AnthropicSdkApp.BEDROCK_SECRET,
                AnthropicSdkApp.BEDROCK_SESSION_TOKEN));
        for (FaultExchange.Request sent : primary) {
            assertTrue(header(sent, "Authorization").startsWith("AWS4-HMAC-SHA256 Credential=" + APP_ACCESS_KEY + "/"),
                    () -> "the primary did not get the app's own signature" + cell.describe());
            assertEquals(AnthropicSdkApp.BEDROCK_SESSION_TOKEN, header(sent, "X-Amz-Security-Token"), cell::describe);
            assertCarriesNone(sent, List.of(AGENT_ACCESS_KEY, AGENT_SECRET, AGENT_SESSION_TOKEN), "the agent's", cell);
            Matcher signature = SIGNATURE.matcher(header(sent, "Authorization"));
            if (signature.find()) {
                appSecrets.add(signature.group(1));
            }
        }
        for (FaultExchange.Request sent : cell.server().received(cell.fault().cell(), Roles.BACKUP)) {
            assertTrue(signedByTheAgent(sent), () -> "a backup request without the agent's valid signature: "
                    + sent.headers() + cell.describe());
            assertEquals(AGENT_SESSION_TOKEN, header(sent, "X-Amz-Security-Token"), cell::describe);
            assertTrue(header(sent, "Authorization").contains("x-amz-security-token"),
                    () -> "the session token is not signed" + cell.describe());
            assertCarriesNone(sent, appSecrets, "the app's", cell);
        }
        for (FaultExchange.Request sent : cell.server().received(cell.fault().cell(), Roles.ELSEWHERE)) {
            assertCarriesNone(sent, appSecrets, "the app's", cell);
        }
    }

    private static boolean signedByTheAgent(FaultExchange.Request request) {
        return AGENT_SIGNATURE.accepts(request.method(), request.path(), name -> header(request, name),
                request.body().getBytes(StandardCharsets.UTF_8));
    }

    private static String header(FaultExchange.Request request, String name) {
        return request.headers().getOrDefault(name.toLowerCase(Locale.ROOT), "");
    }

    private static void assertCarriesNone(FaultExchange.Request sent, List<String> secrets, String whose, FaultCell cell) {
        String everything = sent.path() + "\n" + sent.headers() + "\n" + sent.body();
        for (String secret : secrets) {
            assertFalse(everything.contains(secret), () -> whose + " credential " + secret + " reached " + sent.path()
                    + cell.describe());
        }
    }
}
