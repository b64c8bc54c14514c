import { IconDownload, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './layout.module.css';
import { MenuLink } from './header-nav.tsx';
import { footerCategoryColumns, categoryPath } from '../lib/category-links.ts';
import type { RootData } from '../lib/root-data.ts';
import type { ShopTexts } from '../lib/shop-texts.ts';
import { FooterLegal } from './footer-legal.tsx';
import { ShopLogo } from './shop-logo.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';
import { Container } from '../components/ui/container.tsx';

interface Props {
  data: RootData;
  texts: ShopTexts;
  shopName: string;
}

/** The catalogue PDF: a file named like 'catalogue', else the first file. */
function catalogueFile(data: RootData) {
  return data.files.find((f) => /catalog/i.test(`${f.name} ${f.file_name}`)) ?? data.files[0];
}

/**
 * Footer (product rules §2): logo and about text, categories (first 12 except id 1, then the next 12),
 * contact information, catalogue download, quick links and the (sanitised) copyright message. The
 * floating WhatsApp button is placed in it too: fixed on screen wherever it sits, it belongs to
 * the footer's landmark instead of standing outside every landmark.
 */
export function SiteFooter({ data, texts, shopName }: Props) {
  const [firstCategories, nextCategories] = footerCategoryColumns(data.categories);
  const file = catalogueFile(data);
  return (
    <footer className={classes.footer}>
      <Container className={classes.footerMain}>
        <div className={classes.footerGrid}>
          <div className={`${classes.footerColumn} ${classes.footerColumnWide}`}>
            <ShopLogo src={data.assets['company-logo-white']} name={shopName} light loading="lazy" />
            {data.safeHtml.aboutCompany && (
              <p
                className={classes.footerText}
                // Sanitised on the server (inline tags only).
                dangerouslySetInnerHTML={{ __html: data.safeHtml.aboutCompany }}
              />
            )}
          </div>
          <div className={classes.footerColumn}>
            <h2 className={classes.footerHeading}>Categories</h2>
            <ul className={classes.footerList}>
              {firstCategories.map((c) => (
                <li key={c.id}>
                  <Link to={categoryPath(c)} className={classes.footerLink}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className={classes.footerColumn}>
            <h2 className={classes.footerHeading}>
              {nextCategories.length > 0 ? 'More Categories' : 'Quick Links'}
            </h2>
            <ul className={classes.footerList}>
              {nextCategories.map((c) => (
                <li key={c.id}>
                  <Link to={categoryPath(c)} className={classes.footerLink}>
                    {c.name}
                  </Link>
                </li>
              ))}
              {nextCategories.length === 0 &&
                data.footerMenus.map((m) => (
                  <li key={m.id}>
                    <MenuLink item={m} className={classes.footerLink} />
                  </li>
                ))}
            </ul>
          </div>
          <div className={`${classes.footerColumn} ${classes.footerColumnContact}`}>
            <h2 className={classes.footerHeading}>Contact Us</h2>
            {data.safeHtml.address && (
              <address className={classes.footerContact}>
                <IconMapPin size={18} aria-hidden className={classes.footerIcon} />
                {/* Sanitised on the server (inline tags only). */}
                <span dangerouslySetInnerHTML={{ __html: data.safeHtml.address }} />
              </address>
            )}
            {texts.phone && (
              <a href={`tel:${texts.phone.replace(/[^\d+]/g, '')}`} className={classes.footerContact}>
                <IconPhone size={18} aria-hidden className={classes.footerIcon} />
                <span>{texts.phone}</span>
              </a>
            )}
            {texts.email && (
              <a href={`mailto:${texts.email}`} className={classes.footerContact}>
                <IconMail size={18} aria-hidden className={classes.footerIcon} />
                <span>{texts.email}</span>
              </a>
            )}
            {file && (
              <a
                href={`/backend/data/files/${encodeURIComponent(file.file_name)}`}
                className={classes.downloadButton}
                download
              >
                <IconDownload size={18} aria-hidden />
                Download Catalogue
              </a>
            )}
            {nextCategories.length > 0 && data.footerMenus.length > 0 && (
              <>
                <h2 className={`${classes.footerHeading} ${classes.footerHeadingSpaced}`}>Quick Links</h2>
                <ul className={classes.footerList}>
                  {data.footerMenus.map((m) => (
                    <li key={m.id}>
                      <MenuLink item={m} className={classes.footerLink} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      </Container>
      <div className={classes.copyright}>
        <Container>
          <FooterLegal fssaiLicenceNumber={data.settings.fssai_licence_number?.trim() ?? ''} />
          {data.safeHtml.copyright ? (
            // Sanitised on the server (inline tags only).
            <p
              className={classes.copyrightText}
              dangerouslySetInnerHTML={{ __html: data.safeHtml.copyright }}
            />
          ) : (
            <p className={classes.copyrightText}>© {shopName}. All rights reserved.</p>
          )}
        </Container>
      </div>
      <WhatsAppButton number={texts.whatsapp} />
    </footer>
  );
}
