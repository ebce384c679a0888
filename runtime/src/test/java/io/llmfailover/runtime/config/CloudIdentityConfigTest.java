package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.provider.CloudIdentity;
import io.llmfailover.runtime.provider.KeyHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code provider.<name>.auth = sigv4 | google} and {@code provider.<name>.region}. */
class CloudIdentityConfigTest {

    @TempDir
    Path workDir;

    @Test
    void sigv4TakesItsRegionFromTheUrl() throws Exception {
        FailoverConfig config = load("provider.bedrock.url = https://bedrock-runtime.eu-central-1.amazonaws.com",
                "provider.bedrock.auth = sigv4");

        assertEquals(CloudIdentity.sigV4("eu-central-1"), config.providers().get("bedrock").identity());
    }

    @Test
    void sigv4TakesTheRegionKeyOverTheUrl() throws Exception {
        FailoverConfig config = load("provider.bedrock.url = http://127.0.0.1:8080", "provider.bedrock.auth = sigv4",
                "provider.bedrock.region = ap-northeast-1");

        assertEquals(CloudIdentity.sigV4("ap-northeast-1"), config.providers().get("bedrock").identity());
        assertTrue(config.providers().get("bedrock").toString().endsWith(", auth sigv4 ap-northeast-1)"),
                config.providers().get("bedrock")::toString);
    }

    @Test
    void googleNeedsNothingMore() throws Exception {
        FailoverConfig config = load("provider.vertex.url = https://us-east5-aiplatform.googleapis.com/v1",
                "provider.vertex.auth = google");

        assertEquals(CloudIdentity.google(), config.providers().get("vertex").identity());
    }

    @Test
    void bearerIsAKeyHeaderAsBefore() throws Exception {
        FailoverConfig config = load("provider.bedrock.url = https://bedrock-runtime.us-east-1.amazonaws.com",
                "provider.bedrock.auth = bearer", "provider.bedrock.api-key = ABSKbedrockapikey");

        assertNull(config.providers().get("bedrock").identity());
        assertEquals(KeyHeader.BEARER, config.providers().get("bedrock").keyHeader());
    }

    @Test
    void sigv4WithoutARegionIsReported() throws Exception {
        String problems = problemsOf("provider.bedrock.url = http://127.0.0.1:8080", "provider.bedrock.auth = sigv4");

        assertTrue(problems.contains(":2: provider.bedrock.auth = sigv4: auth = sigv4 needs a region, and the url names none;"
                + " add provider.bedrock.region = <AWS region, e.g. us-east-1>"), problems);
    }

    @Test
    void aCloudIdentityWithAKeyIsReported() throws Exception {
        String problems = problemsOf("provider.vertex.url = http://127.0.0.1:8080", "provider.vertex.auth = google",
                "provider.vertex.api-key = k");

        assertTrue(problems.contains("provider.vertex.auth = google: auth = google authorises with the cloud's own credentials,"
                + " not a key"), problems);
    }

    @Test
    void aRegionWithoutSigv4IsReported() throws Exception {
        String problems = problemsOf("provider.local.url = http://127.0.0.1:8080", "provider.local.region = us-east-1");

        assertTrue(problems.contains(":2: provider.local.region = us-east-1: region is read with auth = sigv4 only"), problems);
    }

    @Test
    void theRegionOfAnAwsHost() {
        assertEquals("us-east-1", CloudIdentity.awsRegionOf(java.net.URI.create("https://bedrock-runtime.us-east-1.amazonaws.com")).orElseThrow());
        assertEquals("us-gov-west-1", CloudIdentity.awsRegionOf(java.net.URI.create("https://bedrock-runtime-fips.us-gov-west-1.amazonaws.com/")).orElseThrow());
        assertEquals("cn-north-1", CloudIdentity.awsRegionOf(java.net.URI.create("https://bedrock-runtime.cn-north-1.amazonaws.com.cn")).orElseThrow());
        assertTrue(CloudIdentity.awsRegionOf(java.net.URI.create("https://bedrock-runtime.amazonaws.com.evil.test")).isEmpty());
        assertTrue(CloudIdentity.awsRegionOf(java.net.URI.create("http://127.0.0.1:8080")).isEmpty());
    }

    private FailoverConfig load(String... lines) throws IOException, ConfigException {
        Files.writeString(workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME), String.join("\n", lines) + "\n");
        return ConfigLoader.load(null, Map.of(), new Properties(), workDir);
    }

    private String problemsOf(String... lines) throws IOException {
        Files.writeString(workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME), String.join("\n", lines) + "\n");
        return assertThrows(ConfigException.class, () -> ConfigLoader.load(null, Map.of(), new Properties(), workDir))
                .getMessage();
    }
}
