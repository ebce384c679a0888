package io.llmfailover.e2e;

import io.llmfailover.e2e.FaultServer.Behaviour;

/** The backups' key, {@link FaultMatrixTest#BACKUP_KEY}, in an environment variable the agent's config names. */
final class StaticBackupKey implements BackupCredential {

    @Override
    public ConfigFile authorise(ConfigFile config, String backup) {
        return config.set("provider." + backup + ".api-key", "${" + FaultMatrixTest.BACKUP_KEY_VARIABLE + "}");
    }

    @Override
    public ChildJvm provide(ChildJvm child) {
        return child.env(FaultMatrixTest.BACKUP_KEY_VARIABLE, FaultMatrixTest.BACKUP_KEY);
    }

    @Override
    public Behaviour guard(ChatWire wire, Behaviour backup) {
        return backup;
    }

    @Override
    public String secret() {
        return FaultMatrixTest.BACKUP_KEY;
    }
}
