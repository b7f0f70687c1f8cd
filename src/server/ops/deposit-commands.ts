/** Operator commands of the custodial wallet (merged into opsCommands in commands.ts). */
export const depositOpsCommands = {} as const;
