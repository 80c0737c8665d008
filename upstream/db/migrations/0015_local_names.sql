-- Names in the reader's language (issue 28). Every name the portal shows has one text per
-- language: English, Traditional Chinese (the Chinese names held so far, as Hong Kong writes them)
-- and Simplified Chinese (new, `_hans`). Stores had no Chinese name at all, and a bank was written
-- three ways (a merchant's account in full, a payment service as "HSBC", a remittance in English).

ALTER TABLE partners ADD COLUMN cname_hans text;
ALTER TABLE customers ADD COLUMN customer_cname_hans text;
ALTER TABLE merchants ADD COLUMN business_cname_hans text;
ALTER TABLE merchant_groups ADD COLUMN group_cname text;
ALTER TABLE merchant_groups ADD COLUMN group_cname_hans text;
ALTER TABLE stores ADD COLUMN store_cname text;
ALTER TABLE stores ADD COLUMN store_cname_hans text;
ALTER TABLE stores ADD COLUMN cn_street_hans text;

-- One row per bank, keyed by the first 8 characters of a SWIFT code (bank, country, location):
-- every answer that names a bank names it from here, through the SWIFT code its own row carries.
CREATE TABLE banks (
  bic8          text PRIMARY KEY CHECK (bic8 ~ '^[A-Z0-9]{8}$'),
  eng_name      text NOT NULL,
  ch_name       text,
  ch_name_hans  text
);
INSERT INTO banks VALUES ('HSBCHKHH', 'The Hongkong and Shanghai Banking Corporation Limited', '香港上海滙豐銀行有限公司', '香港上海汇丰银行有限公司');

-- A demo database seeded before this migration gets the names the seed now writes itself
-- (upstream/seed/reference-data.ts); rows it does not know keep no Simplified name, and the portal
-- then shows their Traditional one.
UPDATE partners p SET cname_hans = v.hans FROM (VALUES ('海港支付夥伴', '海港支付伙伴')) v(hant, hans) WHERE p.cname = v.hant;

UPDATE customers c SET customer_cname_hans = v.hans
  FROM (VALUES ('金港貿易有限公司', '金港贸易有限公司'), ('九龍灣食品有限公司', '九龙湾食品有限公司'),
               ('大嶼山零售集團有限公司', '大屿山零售集团有限公司'), ('太平山咖啡有限公司', '太平山咖啡有限公司')) v(hant, hans)
 WHERE c.customer_cname = v.hant;

UPDATE merchants m SET business_cname_hans = v.hans
  FROM (VALUES ('金港海鮮酒家', '金港海鲜酒家'), ('金港餅店', '金港饼店'), ('金港茶樓', '金港茶楼'), ('金港網上商店', '金港网上商店'),
               ('九龍灣麵家', '九龙湾面家'), ('九龍灣糖水舖', '九龙湾糖水铺'), ('大嶼山戶外用品', '大屿山户外用品'),
               ('大嶼山藥房', '大屿山药房'), ('太平山咖啡室', '太平山咖啡室')) v(hant, hans)
 WHERE m.business_cname = v.hant;

-- A demo merchant group is named "<customer> group".
UPDATE merchant_groups g SET group_cname = c.customer_cname || '商戶組', group_cname_hans = coalesce(c.customer_cname_hans, c.customer_cname) || '商户组'
  FROM customers c WHERE c.customer_no = g.customer_no AND g.group_name = c.customer_name || ' group';

-- A demo store is named "<merchant> (<district>)": its Chinese names are the merchant's with the district's.
UPDATE stores s SET store_cname = m.business_cname || '（' || d.hant || '）', store_cname_hans = coalesce(m.business_cname_hans, m.business_cname) || '（' || d.hans || '）'
  FROM merchants m,
       (VALUES ('Central and Western', '中西區', '中西区'), ('Wan Chai', '灣仔', '湾仔'), ('Yau Tsim Mong', '油尖旺', '油尖旺'),
               ('Kwun Tong', '觀塘', '观塘'), ('Sha Tin', '沙田', '沙田'), ('Islands', '離島', '离岛'),
               ('Tsim Sha Tsui, opening soon', '尖沙咀，即將開業', '尖沙咀，即将开业'), ('Causeway Bay, closed', '銅鑼灣，已結業', '铜锣湾，已结业')) d(en, hant, hans)
 WHERE m.merchant_no = s.merchant_no AND s.store_name = m.business_name || ' (' || d.en || ')';

-- A demo street is "<street><number>號".
UPDATE stores s SET cn_street_hans = replace(v.hans || substr(s.cn_street, char_length(v.hant) + 1), '號', '号')
  FROM (VALUES ('皇后大道中', '皇后大道中'), ('軒尼詩道', '轩尼诗道'), ('彌敦道', '弥敦道'), ('海濱道', '海滨道'),
               ('沙田正街', '沙田正街'), ('東涌海濱路', '东涌海滨路'), ('廣東道', '广东道')) v(hant, hans)
 WHERE s.cn_street LIKE v.hant || '%';
