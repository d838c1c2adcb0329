/** The 操作员 calls (超级管理员 only). */
import type {
  NewOperatorInput,
  OperatorChange,
  OperatorCredentials,
  OperatorList,
  OperatorListItem,
  OperatorReset,
} from '../../../contract/admin/operators.ts';
import { adminCall } from '../../api/admin-client.ts';

export const fetchOperators = (): Promise<OperatorList> => adminCall<OperatorList>('GET', '/operators');

export const createOperator = (input: NewOperatorInput): Promise<OperatorCredentials> =>
  adminCall<OperatorCredentials>('POST', '/operators', { body: input });

export const changeOperator = (id: number, change: OperatorChange): Promise<OperatorListItem> =>
  adminCall<OperatorListItem>('PATCH', `/operators/${id}`, { body: change });

export const resetOperator = (id: number, reset: OperatorReset): Promise<OperatorCredentials> =>
  adminCall<OperatorCredentials>('POST', `/operators/${id}/reset`, { body: reset });
