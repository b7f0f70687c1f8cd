import { count } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { contentPosts } from '../../db/schema/content';
import type { ContentCategory, ContentLanguage } from '../../../shared/api/content-posts';
import { createAdvertisement } from './advertisements';
import { createPost, setPostText } from './posts';

/**
 * The development stack's content (`npm run dev` only, NODE_ENV=development; start.ts): About Us
 * sections (one anchored `bcnt`), six press items, three collaborations and two events, each in
 * English, Traditional and Simplified Chinese, published; and one web advertisement. Seeded
 * into an empty content table only. The e2e stacks and tests create their own through the ops
 * commands. Outlets and partners are fictitious; links point at example.com.
 */

type Texts = Record<ContentLanguage, { title: string; excerpt: string; body: string }>;

interface DemoPost {
  category: ContentCategory;
  date: string;
  slug?: string;
  source?: string;
  url?: string;
  sort?: number;
  texts: Texts;
}

const DEMO_POSTS: DemoPost[] = [
  {
    category: 'about',
    slug: 'company',
    date: '2026-01-05',
    sort: 1,
    texts: {
      en: {
        title: 'Who we are',
        excerpt: 'A wallet-first platform for crypto-asset yield and trading products.',
        body: 'We started in Taipei in 2019 with one idea: members keep control of their assets while they earn on them.\n\nToday members hold a custodial wallet with identity verification and two-step verification, subscribe to Stable Income, Mixed Quant and Smart Autotrade, and connect their own browser wallet for BCNT staking.\n\n- Licensed custody partners and segregated hot and cold wallets\n- Every product states its term, return and worst case before you subscribe\n- Support on weekdays, 10:00 to 18:00 (UTC+8)',
      },
      tw: {
        title: '關於我們',
        excerpt: '以錢包為核心的加密資產收益與交易產品平台。',
        body: '我們於 2019 年在台北成立，理念很簡單：會員掌握自己的資產，同時讓資產產生收益。\n\n會員擁有經身分驗證與兩步驟驗證保護的託管錢包，可申購穩定收益、混合量化與智能跟單，並以自己的瀏覽器錢包質押 BCNT。\n\n- 合規的託管夥伴，冷熱錢包分離\n- 每項產品在申購前都說明期間、收益與最差情況\n- 客服時間：週一至週五 10:00 至 18:00（UTC+8）',
      },
      zh: {
        title: '关于我们',
        excerpt: '以钱包为核心的加密资产收益与交易产品平台。',
        body: '我们于 2019 年在台北成立，理念很简单：会员掌握自己的资产，同时让资产产生收益。\n\n会员拥有经身份验证与两步验证保护的托管钱包，可申购稳定收益、混合量化与智能跟单，并以自己的浏览器钱包质押 BCNT。\n\n- 合规的托管伙伴，冷热钱包分离\n- 每项产品在申购前都说明期间、收益与最差情况\n- 客服时间：周一至周五 10:00 至 18:00（UTC+8）',
      },
    },
  },
  {
    category: 'about',
    slug: 'bcnt',
    date: '2026-01-05',
    sort: 2,
    texts: {
      en: {
        title: 'BCNT, the platform token',
        excerpt: 'Stake BCNT to reach loyalty levels 2 to 4 and earn up to 12% a year.',
        body: 'BCNT is an ERC-20 token with a total supply of 1,000,000,000.\n\n**What it does**\n\n- Staking BCNT raises your loyalty level, and a higher level raises the rate of your Stable Income subscriptions (up to 12% a year)\n- A Smart Autotrade margin in BCNT costs 20% less in fees than one in USDT\n- Unstaking takes 14 days; your level is kept meanwhile\n\nBuy BCNT in the BCNT store or convert it in your wallet.',
      },
      tw: {
        title: 'BCNT 平台代幣',
        excerpt: '質押 BCNT 升級至會員等級 2 至 4，年化收益最高 12%。',
        body: 'BCNT 為 ERC-20 代幣，總發行量 1,000,000,000 枚。\n\n**用途**\n\n- 質押 BCNT 可提升會員等級，等級越高，穩定收益的利率越高（年化最高 12%）\n- 以 BCNT 支付智能跟單保證金，費用較 USDT 少 20%\n- 解除質押需 14 天，期間維持原等級\n\n可於 BCNT 商店購買，或在錢包中兌換。',
      },
      zh: {
        title: 'BCNT 平台代币',
        excerpt: '质押 BCNT 升级至会员等级 2 至 4，年化收益最高 12%。',
        body: 'BCNT 为 ERC-20 代币，总发行量 1,000,000,000 枚。\n\n**用途**\n\n- 质押 BCNT 可提升会员等级，等级越高，稳定收益的利率越高（年化最高 12%）\n- 以 BCNT 支付智能跟单保证金，费用较 USDT 少 20%\n- 解除质押需 14 天，期间维持原等级\n\n可于 BCNT 商店购买，或在钱包中兑换。',
      },
    },
  },
  ...(
    [
      [
        '2026-10-28',
        'Fintech Weekly',
        'Stable Income passes 5,000 members',
        '穩定收益會員突破五千人',
        '稳定收益会员突破五千人',
      ],
      [
        '2026-09-15',
        'Asia Crypto Review',
        'How fixed-term crypto products state their risk',
        '定期加密產品如何揭露風險',
        '定期加密产品如何披露风险',
      ],
      [
        '2026-08-02',
        'Taipei Business Daily',
        'Loyalty levels reward long-term stakers',
        '會員等級獎勵長期質押者',
        '会员等级奖励长期质押者',
      ],
      [
        '2026-06-20',
        'Block Times',
        'Smart Autotrade opens to verified members',
        '智能跟單開放已驗證會員',
        '智能跟单开放已验证会员',
      ],
      [
        '2026-05-09',
        'Digital Asset Journal',
        'A wallet-first approach to yield',
        '以錢包為核心的收益之道',
        '以钱包为核心的收益之道',
      ],
      [
        '2026-03-30',
        'Market Pulse',
        'Mixed Quant: 80/20 and 60/40 explained',
        '混合量化：80/20 與 60/40 解析',
        '混合量化：80/20 与 60/40 解析',
      ],
    ] as const
  ).map(([date, source, en, tw, zh], index): DemoPost => ({
    category: 'press',
    date,
    source,
    url: `https://news.example.com/${date}`,
    texts: {
      en: {
        title: en,
        excerpt: `${source} on the platform's products and members.`,
        body: `${source} reported on ${date}.\n\nThe article looks at how the platform's products work for members, what they earn and what risks they state up front. Story ${index + 1} of our press coverage.`,
      },
      tw: {
        title: tw,
        excerpt: `${source} 報導平台的產品與會員。`,
        body: `${source} 於 ${date} 報導。\n\n文章說明平台產品如何為會員運作、收益來源，以及申購前揭露的風險。`,
      },
      zh: {
        title: zh,
        excerpt: `${source} 报道平台的产品与会员。`,
        body: `${source} 于 ${date} 报道。\n\n文章说明平台产品如何为会员运作、收益来源，以及申购前披露的风险。`,
      },
    },
  })),
  ...(
    [
      [
        '2026-10-01',
        'Harbor Custody',
        'Custody partner',
        '託管合作夥伴',
        '托管合作伙伴',
        'Insured cold storage for members’ assets.',
        '為會員資產提供保險的冷儲存。',
        '为会员资产提供保险的冷存储。',
      ],
      [
        '2026-07-12',
        'Ledger Labs Exchange',
        'Exchange partner',
        '交易所合作夥伴',
        '交易所合作伙伴',
        'Deep order books for Smart Autotrade strategies.',
        '為智能跟單策略提供深度訂單簿。',
        '为智能跟单策略提供深度订单簿。',
      ],
      [
        '2026-04-18',
        'Formosa Analytics',
        'Research partner',
        '研究合作夥伴',
        '研究合作伙伴',
        'Independent risk reviews of every earn product.',
        '每項收益產品的獨立風險評估。',
        '每项收益产品的独立风险评估。',
      ],
    ] as const
  ).map(([date, source, en, tw, zh, enBody, twBody, zhBody]): DemoPost => ({
    category: 'collaborations',
    date,
    source,
    url: `https://partners.example.com/${source.toLowerCase().replaceAll(' ', '-')}`,
    texts: {
      en: { title: `${source}: ${en}`, excerpt: enBody, body: enBody },
      tw: { title: `${source}：${tw}`, excerpt: twBody, body: twBody },
      zh: { title: `${source}：${zh}`, excerpt: zhBody, body: zhBody },
    },
  })),
  {
    category: 'events',
    date: '2026-12-06',
    texts: {
      en: {
        title: 'Year-end member meetup in Taipei',
        excerpt: 'Meet the team, hear the 2027 product plans and ask us anything.',
        body: '**When**: Saturday 6 December 2026, 14:00 to 17:00 (UTC+8)\n\n**Where**: Xinyi District, Taipei (the address is e-mailed to registered members)\n\n- Product roadmap for 2027\n- Loyalty program questions and answers\n- Security workshop: two-step verification and wallet safety',
      },
      tw: {
        title: '台北年末會員聚會',
        excerpt: '與團隊見面，了解 2027 年產品規劃並自由提問。',
        body: '**時間**：2026 年 12 月 6 日（六）14:00 至 17:00（UTC+8）\n\n**地點**：台北市信義區（地址將以電子郵件寄給報名會員）\n\n- 2027 年產品規劃\n- 會員等級問答\n- 安全工作坊：兩步驟驗證與錢包安全',
      },
      zh: {
        title: '台北年末会员聚会',
        excerpt: '与团队见面，了解 2027 年产品规划并自由提问。',
        body: '**时间**：2026 年 12 月 6 日（六）14:00 至 17:00（UTC+8）\n\n**地点**：台北市信义区（地址将以电子邮件寄给报名会员）\n\n- 2027 年产品规划\n- 会员等级问答\n- 安全工作坊：两步验证与钱包安全',
      },
    },
  },
  {
    category: 'events',
    date: '2026-09-20',
    texts: {
      en: {
        title: 'Webinar: reading an earn product before you subscribe',
        excerpt: 'Term, settlement, auto-renew and early redemption in 45 minutes.',
        body: 'Our product team walks through a Stable Income and a Mixed Quant product page line by line.\n\nThe recording is available to members in the help center.',
      },
      tw: {
        title: '線上講座：申購前如何閱讀收益產品',
        excerpt: '45 分鐘了解期間、結算、自動續約與提前贖回。',
        body: '產品團隊逐行說明穩定收益與混合量化的產品頁面。\n\n會員可於幫助中心觀看錄影。',
      },
      zh: {
        title: '线上讲座：申购前如何阅读收益产品',
        excerpt: '45 分钟了解期间、结算、自动续约与提前赎回。',
        body: '产品团队逐行说明稳定收益与混合量化的产品页面。\n\n会员可于帮助中心观看录像。',
      },
    },
  },
];

/** Seeds the demo content into an empty content table; answers how many posts it added. */
export async function seedDemoContent(db: Db, clock: Clock): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(contentPosts);
  if ((existing?.value ?? 0) > 0) return 0;
  for (const demo of DEMO_POSTS) {
    const post = await createPost(db, clock, {
      category: demo.category,
      slug: demo.slug,
      date: demo.date,
      source: demo.source,
      externalUrl: demo.url,
      sortOrder: demo.sort,
      publish: true,
      lang: 'en',
      ...demo.texts.en,
    });
    await setPostText(db, clock, post.id, { lang: 'tw', ...demo.texts.tw });
    await setPostText(db, clock, post.id, { lang: 'zh', ...demo.texts.zh });
  }
  await createAdvertisement(db, clock, { isWeb: true, sortOrder: 1, openUrl: '/fixed' });
  return DEMO_POSTS.length;
}
