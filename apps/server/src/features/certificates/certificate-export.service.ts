import type { managedCertificateExportQuery } from '@anxun/shared/schemas/certificates';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { isWithdrawnForVoid } from '../../core/certificate-withdrawal.js';
import { exportedIdCard } from '../../core/id-cards.js';
import { sheetTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { streamSheet } from '../../infra/xlsx-stream.js';
import { findCertificatesOfOrg, findFormerNumbers, findHolderIdCards } from './certificate-admin.repository.js';

/**
 * 证书管理 as a sheet (helper-85: a manager asked for the list of who holds a certificate had
 * only the page): every certificate the page finds, a page of 500 at a time, with its holder,
 * class, 学时, state and the numbers it bore before a reissue. ID numbers masked unless asked
 * whole; audited before its first byte leaves.
 */

const PAGE = 500;
type Query = z.output<typeof managedCertificateExportQuery>;

export async function exportCertificates(ctx: AppContext, user: AuthUser, query: Query, ip: string) {
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'report.export',
    targetType: 'organisation',
    targetId: user.orgId,
    summary: {
      after: {
        kind: 'certificates',
        fullIdNumbers: query.full,
        ...(query.status ? { status: query.status } : {}),
        // the words may be a name: only that a search was made
        ...(query.q ? { searched: true } : {}),
      },
    },
    now: ctx.now(),
  });
  const stream = streamSheet(
    '证书',
    [
      { header: '证书编号', key: 'number', width: 18 },
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'idCard', width: 22 },
      { header: '班级', key: 'className', width: 28 },
      { header: '学时', key: 'hours', width: 8 },
      { header: '发证时间', key: 'issuedAt', width: 20, format: 'time' },
      { header: '状态', key: 'status', width: 16 },
      { header: '撤销时间', key: 'revokedAt', width: 20, format: 'time' },
      { header: '撤销原因', key: 'reason', width: 30 },
      { header: '原证书编号', key: 'former', width: 20 },
      { header: '打印次数', key: 'printed', width: 9 },
    ],
    async (addRow, drained) => {
      for (let offset = 0; ; offset += PAGE) {
        const { rows } = await findCertificatesOfOrg(ctx.db, user.orgId, {
          q: query.q,
          status: query.status,
          offset,
          limit: PAGE,
        });
        const [former, idCards] = await Promise.all([
          findFormerNumbers(
            ctx.db,
            rows.map((r) => r.id),
          ),
          findHolderIdCards(ctx.db, [...new Set(rows.map((r) => r.person_id))]),
        ]);
        for (const r of rows) {
          addRow({
            number: r.number,
            name: r.person_name,
            idCard: exportedIdCard(ctx.keys.idCards, r.person_id, idCards.get(r.person_id) ?? null, query.full),
            className: r.class_name,
            hours: r.hours,
            issuedAt: sheetTime(r.issued_at),
            // withdrawn by a voided face check: renewed once the class is complete again
            status: r.status === 'valid' ? '有效' : isWithdrawnForVoid(r) ? '核验作废撤回' : '已撤销',
            revokedAt: sheetTime(r.revoked_at),
            reason: r.revoke_reason ?? '',
            former: former
              .filter((f) => f.certificate_id === r.id)
              .map((f) => f.number)
              .join('、'),
            printed: r.print_count,
          });
        }
        if (rows.length < PAGE) break;
        // the next page once the reader has taken this one
        await drained();
      }
    },
  );
  return { stream, fileName: query.status === 'valid' ? '有效证书.xlsx' : '证书.xlsx' };
}
