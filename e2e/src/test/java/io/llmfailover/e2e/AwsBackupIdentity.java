package io.llmfailover.e2e;

import io.llmfailover.e2e.FaultServer.Behaviour;

/**
 * The agent's own AWS identity for a Bedrock column's backups ({@code auth = sigv4}, scoped to
 * {@link AwsIdentities#REGION}), from the AWS default chain's first place, the child's environment;
 * the backups refuse a request its signature does not verify.
 */
final class AwsBackupIdentity implements BackupCredential {

    @Override
    public ConfigFile authorise(ConfigFile config, String backup) {
        return config.set("provider." + backup + ".auth", "sigv4").set("provider." + backup + ".region", AwsIdentities.REGION);
    }

    @Override
    public ChildJvm provide(ChildJvm child) {
        return AwsIdentities.withTheAgentsIdentity(child);
    }

    @Override
    public Behaviour guard(ChatWire wire, Behaviour backup) {
        return AwsIdentities.checkingTheAgentsSignature(backup);
    }

    @Override
    public String secret() {
        return AwsIdentities.AGENT_SECRET;
    }
}
