/** Operator commands of the custodial wallet (merged into opsCommands in commands.ts). */
export const storeOpsCommands = {} as const;
