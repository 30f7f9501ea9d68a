import QRCode from 'qrcode';
import { recordTimeZone } from '../../core/record-time.js';
import { cjkFontFile as fontFile } from '../../infra/pdf-fonts.js';

export interface CertificateContent {
  number: string;
  holderName: string;
  className: string;
  hours: number;
  orgName: string;
  issuedAt: Date;
  verifyUrl: string;
  /** the organisation's logo (PNG or JPEG), when it has one */
  logo?: Buffer | undefined;
  /** the organisation's template (证书模板); absent: the plain one */
  artwork?: CertificateArtwork | undefined;
}

export interface CertificateArtwork {
  title: string;
  /** e.g. 培训负责人：王建国; empty: none */
  signatureLine: string;
  /** the seal (PNG or JPEG), stamped over the issuing organisation */
  seal?: Buffer | undefined;
}

/** The date in the study time zone: the same day the web and the exports show. */
const dateText = (d: Date) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: recordTimeZone(),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(d);

/**
 * The printable certificate: A4 landscape, the organisation's name and logo, the holder,
 * the class and its 学时, the date and number, and a QR code of the verification page.
 * Fonts are embedded as subsets, so the file stays small.
 */
export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const title = content.artwork?.title ?? '培训合格证书';
  const qr = await QRCode.toBuffer(content.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 360,
  });
  // pdfkit loads with the first PDF asked for, not with every start
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${title} ${content.number}`, Author: content.orgName, Subject: content.className },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.registerFont('regular', fontFile('Regular'));
  doc.registerFont('bold', fontFile('Bold'));
  const { width, height } = doc.page;
  const gold = '#b8860b';
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .stroke(gold);
  doc
    .rect(34, 34, width - 68, height - 68)
    .lineWidth(1)
    .stroke(gold);

  let top = 70;
  if (content.logo) {
    try {
      doc.image(content.logo, width / 2 - 30, top, { fit: [60, 60], align: 'center' });
      top += 70;
    } catch {
      // a logo the PDF library cannot read is left out rather than failing the certificate
    }
  }
  doc.font('bold').fontSize(16).fillColor('#333').text(content.orgName, 0, top, { width, align: 'center' });
  doc
    .font('bold')
    .fontSize(40)
    .fillColor('#a01c1c')
    .text(title, 0, top + 36, { width, align: 'center' });

  const body = `兹证明 ${content.holderName} 参加“${content.className}”，完成规定课程的学习，累计 ${content.hours} 学时，经考核合格，特发此证。`;
  doc
    .font('regular')
    .fontSize(18)
    .fillColor('#222')
    .text(body, 110, top + 120, { width: width - 220, lineGap: 10 });

  const footTop = height - 190;
  doc.font('regular').fontSize(13).fillColor('#444');
  doc.text(`证书编号：${content.number}`, 110, footTop);
  doc.text(`发证日期：${dateText(content.issuedAt)}`, 110, footTop + 26);
  doc.text(`发证单位：${content.orgName}`, 110, footTop + 52);
  doc
    .fontSize(10)
    .fillColor('#777')
    .text(`查验：${content.verifyUrl}`, 110, footTop + 86, { width: width - 340 });

  if (content.artwork?.signatureLine) {
    doc
      .font('regular')
      .fontSize(13)
      .fillColor('#444')
      .text(content.artwork.signatureLine, 400, footTop + 52, { width: 190 });
  }
  if (content.artwork?.seal) {
    try {
      // stamped over the issuing organisation's name, as a seal is on paper
      doc.image(content.artwork.seal, 240, footTop - 10, { fit: [110, 110] });
    } catch {
      // a seal the PDF library cannot read is left out rather than failing the certificate
    }
  }
  doc.image(qr, width - 230, footTop - 20, { width: 120 });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor('#444')
    .text('扫码查验证书真伪', width - 240, footTop + 104, {
      width: 140,
      align: 'center',
    });
  doc.end();
  return done;
}
