import { useState } from 'react';
import type { AbiFunction } from 'viem';
import { useReadContract } from 'wagmi';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useTxFlow } from '../../../web3/tx/use-tx-flow';
import { useDevT } from '../dev-texts';
import { ArgError, formatValue, parameterName, parseArgs } from '../utils/abi-args';
import { signature, type DevContract } from '../utils/dev-contracts';
import styles from './dev-tools.module.css';

interface FunctionProps {
  contract: DevContract;
  fn: AbiFunction;
  chainId: number;
  /** test id stem: `dev-read-<name>` / `dev-write-<name>` (overloads get `-<n>`) */
  testId: string;
}

/** The argument fields of a function; the texts as typed. */
function ArgumentFields({
  fn,
  values,
  onChange,
  testId,
}: {
  fn: AbiFunction;
  values: string[];
  onChange: (values: string[]) => void;
  testId: string;
}) {
  return (
    <>
      {fn.inputs.map((input, index) => (
        <TextField
          key={index}
          label={`${parameterName(input, index)} (${input.type})`}
          value={values[index] ?? ''}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            const next = [...values];
            next[index] = event.target.value;
            onChange(next);
          }}
          data-testid={`${testId}-arg-${index}`}
        />
      ))}
    </>
  );
}

function useArgError() {
  const t = useDevT();
  return (error: unknown) =>
    error instanceof ArgError
      ? t('contracts.badArgument', { name: error.parameter, reason: t(error.reason) })
      : (error as Error).message;
}

/**
 * A read function called live on the app chain: at once when it takes no arguments, else on
 * Read with the typed arguments. It refreshes after every transaction (wagmi reads).
 */
export function ReadFunction({ contract, fn, chainId, testId }: FunctionProps) {
  const t = useDevT();
  const describe = useArgError();
  const [values, setValues] = useState<string[]>([]);
  const [args, setArgs] = useState<unknown[] | undefined>(fn.inputs.length === 0 ? [] : undefined);
  const [argError, setArgError] = useState<string | undefined>();
  const read = useReadContract({
    address: contract.address,
    abi: contract.abi,
    functionName: fn.name,
    args,
    chainId,
    query: { enabled: args !== undefined, retry: false },
  });

  const submit = () => {
    setArgError(undefined);
    try {
      const next = parseArgs(fn, values);
      // the same arguments again: read again; new ones: a new query reads them
      if (args !== undefined && formatValue(next) === formatValue(args)) void read.refetch();
      else setArgs(next);
    } catch (error) {
      setArgError(describe(error));
    }
  };

  return (
    <li className={styles.function} data-testid={testId}>
      <h4 className={styles.functionName}>{signature(fn)}</h4>
      {fn.inputs.length > 0 ? (
        <>
          <ArgumentFields fn={fn} values={values} onChange={setValues} testId={testId} />
          <div className={styles.row}>
            <Button variant="secondary" size="sm" onClick={submit} data-testid={`${testId}-button`}>
              {t('contracts.readButton')}
            </Button>
          </div>
        </>
      ) : null}
      {argError ? (
        <p className={styles.error} role="alert">
          {argError}
        </p>
      ) : null}
      {read.isError ? (
        <p className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {t('contracts.readFailed', {
            reason: (read.error as { shortMessage?: string }).shortMessage ?? read.error.message,
          })}
        </p>
      ) : read.data !== undefined || read.isSuccess ? (
        <pre
          className={styles.result}
          aria-label={t('contracts.result')}
          data-testid={`${testId}-result`}
        >
          {formatValue(read.data)}
        </pre>
      ) : null}
    </li>
  );
}

/** A write function sent through the connected wallet and the transaction pipeline. */
export function WriteFunction({ contract, fn, testId }: FunctionProps) {
  const t = useDevT();
  const describe = useArgError();
  const [values, setValues] = useState<string[]>([]);
  const [value, setValue] = useState('');
  const [argError, setArgError] = useState<string | undefined>();
  const flow = useTxFlow({ key: `dev.${contract.id}.${signature(fn)}` });
  const payable = fn.stateMutability === 'payable';

  const submit = async () => {
    setArgError(undefined);
    let args: unknown[];
    let wei: bigint | undefined;
    try {
      args = parseArgs(fn, values);
      if (payable && value.trim() !== '') {
        if (!/^\d+$/.test(value.trim())) throw new ArgError('value', 'args.integer');
        wei = BigInt(value.trim());
      }
    } catch (error) {
      setArgError(describe(error));
      return;
    }
    await flow.send({
      address: contract.address,
      abi: contract.abi,
      functionName: fn.name,
      args,
      ...(wei !== undefined ? { value: wei } : {}),
    });
  };

  return (
    <li className={styles.function} data-testid={testId}>
      <h4 className={styles.functionName}>{signature(fn)}</h4>
      <ArgumentFields fn={fn} values={values} onChange={setValues} testId={testId} />
      {payable ? (
        <TextField
          label={t('contracts.value')}
          value={value}
          inputMode="numeric"
          onChange={(event) => setValue(event.target.value)}
          data-testid={`${testId}-value`}
        />
      ) : null}
      <div className={styles.row}>
        <Button
          size="sm"
          busy={flow.busy}
          onClick={() => submit()}
          data-testid={`${testId}-button`}
        >
          {t('contracts.sendButton')}
        </Button>
      </div>
      {argError ? (
        <p className={styles.error} role="alert">
          {argError}
        </p>
      ) : null}
      <TxFlowProgress
        flow={flow}
        label={t('contracts.txLabel', { contract: contract.id, fn: fn.name })}
        testId={`${testId}-tx`}
      />
    </li>
  );
}
