// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {BCNT} from "../src/BCNT.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {TestUSDC} from "../src/TestUSDC.sol";
import {MarginVault} from "../src/MarginVault.sol";
import {ReentrantToken} from "./mocks/ReentrantToken.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

contract MarginVaultTest is Test {
    BCNT internal bcnt;
    TestUSDT internal usdt;
    TestUSDC internal usdc;
    MarginVault internal vault;
    address internal admin;
    address internal operator;
    address internal treasury;
    address internal alice;
    address internal bob;

    event Deposited(address indexed member, address indexed token, uint256 indexed strategyId, uint256 amount);
    event Released(address indexed member, address indexed token, uint256 amount, address operator);
    event Settled(
        address indexed member,
        address indexed token,
        uint256 amount,
        uint256 performanceFee,
        address treasury,
        address operator
    );
    event TokenAllowed(address indexed token, bool allowed);
    event TreasuryUpdated(address indexed previousTreasury, address indexed newTreasury);

    function setUp() public {
        admin = makeAddr("admin");
        operator = makeAddr("operator");
        treasury = makeAddr("treasury");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        bcnt = new BCNT(treasury);
        usdt = new TestUSDT(admin);
        usdc = new TestUSDC(admin);
        vault = new MarginVault(admin, operator, treasury);

        vm.startPrank(admin);
        vault.setTokenAllowed(address(bcnt), true);
        vault.setTokenAllowed(address(usdt), true);
        usdt.mint(alice, 1_000_000e6);
        usdc.mint(alice, 1_000_000e6);
        vm.stopPrank();
        vm.prank(treasury);
        assertTrue(bcnt.transfer(alice, 1_000_000 ether), "fund alice with BCNT");

        vm.startPrank(alice);
        usdt.approve(address(vault), type(uint256).max);
        bcnt.approve(address(vault), type(uint256).max);
        usdc.approve(address(vault), type(uint256).max);
        vm.stopPrank();
    }

    function _deposit(address token, uint256 amount, uint256 strategyId) internal {
        vm.prank(alice);
        vault.deposit(token, amount, strategyId);
    }

    // ------------------------------------------------------------------ setup / admin

    function test_Roles() public view {
        assertTrue(vault.hasRole(vault.DEFAULT_ADMIN_ROLE(), admin), "admin role");
        assertTrue(vault.hasRole(vault.OPERATOR_ROLE(), operator), "operator role");
        assertEq(vault.treasury(), treasury, "treasury");
        assertTrue(vault.allowedToken(address(bcnt)), "BCNT allowed");
        assertTrue(vault.allowedToken(address(usdt)), "USDT allowed");
        assertFalse(vault.allowedToken(address(usdc)), "USDC not allowed");
    }

    function test_RevertWhen_ConstructedWithZeroAddress() public {
        vm.expectRevert(MarginVault.VaultZeroAddress.selector);
        new MarginVault(address(0), operator, treasury);
        vm.expectRevert(MarginVault.VaultZeroAddress.selector);
        new MarginVault(admin, operator, address(0));
    }

    function test_SetTokenAllowed() public {
        vm.expectEmit(true, false, false, true, address(vault));
        emit TokenAllowed(address(usdc), true);
        vm.prank(admin);
        vault.setTokenAllowed(address(usdc), true);
        assertTrue(vault.allowedToken(address(usdc)), "USDC now allowed");
    }

    function test_RevertWhen_SetTokenAllowedByNonAdmin() public {
        vm.expectRevert(
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector, operator, vault.DEFAULT_ADMIN_ROLE()
            )
        );
        vm.prank(operator);
        vault.setTokenAllowed(address(usdc), true);
    }

    function test_SetTreasury() public {
        vm.expectEmit(true, true, false, false, address(vault));
        emit TreasuryUpdated(treasury, bob);
        vm.prank(admin);
        vault.setTreasury(bob);
        assertEq(vault.treasury(), bob, "treasury updated");
    }

    function test_RevertWhen_SetTreasuryToZero() public {
        vm.expectRevert(MarginVault.VaultZeroAddress.selector);
        vm.prank(admin);
        vault.setTreasury(address(0));
    }

    // ------------------------------------------------------------------ deposit

    function test_DepositUSDT() public {
        vm.expectEmit(true, true, true, true, address(vault));
        emit Deposited(alice, address(usdt), 42, 500e6);
        _deposit(address(usdt), 500e6, 42);

        assertEq(vault.balanceOf(alice, address(usdt)), 500e6, "member balance");
        assertEq(vault.totalDeposits(address(usdt)), 500e6, "total deposits");
        assertEq(usdt.balanceOf(address(vault)), 500e6, "vault holds the USDT (no-return transferFrom)");
    }

    function test_DepositBCNT() public {
        _deposit(address(bcnt), 1_000 ether, 7);
        assertEq(vault.balanceOf(alice, address(bcnt)), 1_000 ether, "member balance");
        assertEq(bcnt.balanceOf(address(vault)), 1_000 ether, "vault holds the BCNT");
    }

    function test_RevertWhen_DepositTokenNotAllowed() public {
        vm.expectRevert(abi.encodeWithSelector(MarginVault.VaultTokenNotAllowed.selector, address(usdc)));
        _deposit(address(usdc), 1e6, 1);
    }

    function test_RevertWhen_DepositAfterTokenRemoved() public {
        vm.prank(admin);
        vault.setTokenAllowed(address(usdt), false);
        vm.expectRevert(abi.encodeWithSelector(MarginVault.VaultTokenNotAllowed.selector, address(usdt)));
        _deposit(address(usdt), 1e6, 1);
    }

    function test_RevertWhen_DepositZero() public {
        vm.expectRevert(MarginVault.VaultZeroAmount.selector);
        _deposit(address(usdt), 0, 1);
    }

    function test_RevertWhen_DepositExceedsUSDTBalance() public {
        vm.prank(bob);
        usdt.approve(address(vault), 1e6);
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInsufficientBalance.selector, bob, 0, 1e6));
        vm.prank(bob);
        vault.deposit(address(usdt), 1e6, 1);
    }

    // ------------------------------------------------------------------ release

    function test_Release() public {
        _deposit(address(usdt), 500e6, 1);
        uint256 before = usdt.balanceOf(alice);

        vm.expectEmit(true, true, false, true, address(vault));
        emit Released(alice, address(usdt), 200e6, operator);
        vm.prank(operator);
        vault.release(alice, address(usdt), 200e6);

        assertEq(usdt.balanceOf(alice), before + 200e6, "member paid (no-return transfer)");
        assertEq(vault.balanceOf(alice, address(usdt)), 300e6, "balance reduced");
        assertEq(vault.totalDeposits(address(usdt)), 300e6, "total reduced");
    }

    function test_ReleaseAfterTokenRemoved() public {
        _deposit(address(bcnt), 5 ether, 1);
        vm.prank(admin);
        vault.setTokenAllowed(address(bcnt), false);
        vm.prank(operator);
        vault.release(alice, address(bcnt), 5 ether);
        assertEq(vault.balanceOf(alice, address(bcnt)), 0, "existing balance still released");
    }

    function test_RevertWhen_ReleaseByNonOperator() public {
        _deposit(address(usdt), 1e6, 1);
        vm.expectRevert(
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector, alice, vault.OPERATOR_ROLE()
            )
        );
        vm.prank(alice);
        vault.release(alice, address(usdt), 1e6);
    }

    function test_RevertWhen_ReleaseExceedsBalance() public {
        _deposit(address(usdt), 1e6, 1);
        vm.expectRevert(
            abi.encodeWithSelector(MarginVault.VaultInsufficientBalance.selector, alice, address(usdt), 1e6, 2e6)
        );
        vm.prank(operator);
        vault.release(alice, address(usdt), 2e6);
    }

    function test_RevertWhen_ReleaseOtherMembersMargin() public {
        _deposit(address(usdt), 1e6, 1);
        vm.expectRevert(
            abi.encodeWithSelector(MarginVault.VaultInsufficientBalance.selector, bob, address(usdt), 0, 1e6)
        );
        vm.prank(operator);
        vault.release(bob, address(usdt), 1e6);
    }

    function test_RevertWhen_ReleaseZero() public {
        vm.expectRevert(MarginVault.VaultZeroAmount.selector);
        vm.prank(operator);
        vault.release(alice, address(usdt), 0);
    }

    // ------------------------------------------------------------------ settle

    function test_Settle() public {
        _deposit(address(usdt), 1_000e6, 1);
        uint256 aliceBefore = usdt.balanceOf(alice);

        vm.expectEmit(true, true, false, true, address(vault));
        emit Settled(alice, address(usdt), 1_000e6, 150e6, treasury, operator);
        vm.prank(operator);
        vault.settle(alice, address(usdt), 1_000e6, 150e6);

        assertEq(usdt.balanceOf(treasury), 150e6, "fee to treasury");
        assertEq(usdt.balanceOf(alice), aliceBefore + 850e6, "rest to member");
        assertEq(vault.balanceOf(alice, address(usdt)), 0, "balance used up");
        assertEq(usdt.balanceOf(address(vault)), 0, "vault emptied");
    }

    function test_SettleWholeAmountAsFee() public {
        _deposit(address(bcnt), 10 ether, 1);
        uint256 treasuryBefore = bcnt.balanceOf(treasury);
        vm.prank(operator);
        vault.settle(alice, address(bcnt), 10 ether, 10 ether);
        assertEq(bcnt.balanceOf(treasury), treasuryBefore + 10 ether, "all to treasury");
    }

    function test_RevertWhen_SettleFeeExceedsAmount() public {
        _deposit(address(usdt), 10e6, 1);
        vm.expectRevert(abi.encodeWithSelector(MarginVault.VaultFeeExceedsAmount.selector, 11e6, 10e6));
        vm.prank(operator);
        vault.settle(alice, address(usdt), 10e6, 11e6);
    }

    function test_RevertWhen_SettleExceedsBalance() public {
        _deposit(address(usdt), 10e6, 1);
        vm.expectRevert(
            abi.encodeWithSelector(MarginVault.VaultInsufficientBalance.selector, alice, address(usdt), 10e6, 11e6)
        );
        vm.prank(operator);
        vault.settle(alice, address(usdt), 11e6, 0);
    }

    function test_RevertWhen_SettleByNonOperator() public {
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, bob, vault.OPERATOR_ROLE())
        );
        vm.prank(bob);
        vault.settle(alice, address(usdt), 1, 0);
    }

    // ------------------------------------------------------------------ reentrancy

    function test_RevertWhen_ReenteredDuringRelease() public {
        ReentrantToken evil = new ReentrantToken();
        vm.prank(admin);
        vault.setTokenAllowed(address(evil), true);
        evil.mint(alice, 10 ether);
        vm.startPrank(alice);
        evil.approve(address(vault), type(uint256).max);
        vault.deposit(address(evil), 10 ether, 1);
        vm.stopPrank();

        bytes32 operatorRole = vault.OPERATOR_ROLE();
        vm.prank(admin);
        vault.grantRole(operatorRole, address(evil));
        // On the payout transfer, the token calls release again from inside the vault.
        evil.arm(address(vault), abi.encodeCall(MarginVault.release, (alice, address(evil), 1 ether)));

        vm.expectRevert(ReentrancyGuard.ReentrancyGuardReentrantCall.selector);
        vm.prank(operator);
        vault.release(alice, address(evil), 5 ether);
        assertEq(vault.balanceOf(alice, address(evil)), 10 ether, "nothing moved");
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_DepositAndSettle(uint256 amount, uint256 settled, uint256 fee) public {
        amount = bound(amount, 1, 1_000_000e6);
        settled = bound(settled, 1, amount);
        fee = bound(fee, 0, settled);
        _deposit(address(usdt), amount, 3);
        uint256 aliceBefore = usdt.balanceOf(alice);

        vm.prank(operator);
        vault.settle(alice, address(usdt), settled, fee);

        assertEq(usdt.balanceOf(treasury), fee, "fee to treasury");
        assertEq(usdt.balanceOf(alice), aliceBefore + settled - fee, "rest to member");
        assertEq(vault.balanceOf(alice, address(usdt)), amount - settled, "remaining balance");
        assertEq(usdt.balanceOf(address(vault)), vault.totalDeposits(address(usdt)), "vault holds the deposits");
    }

    function testFuzz_RevertWhen_ReleaseExceedsBalance(uint256 amount, uint256 released) public {
        amount = bound(amount, 1, 1_000_000 ether);
        released = bound(released, amount + 1, type(uint128).max);
        _deposit(address(bcnt), amount, 3);
        vm.expectRevert(
            abi.encodeWithSelector(
                MarginVault.VaultInsufficientBalance.selector, alice, address(bcnt), amount, released
            )
        );
        vm.prank(operator);
        vault.release(alice, address(bcnt), released);
    }
}
